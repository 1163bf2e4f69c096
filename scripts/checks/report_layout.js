// What a person would see wrong in a rendered etl report, read from the
// layout Chromium computed: chart texts that overlap one another or stick
// out of their SVG (clipped), a page or a box in it wider than the window
// (sideways scrolling on a phone), a bar label cut on a wide screen, a line
// chart whose every line lies along an axis or that shows neither a line
// nor a note saying why, and a run's rate chart that plots more
// requests per second or minute than the whole run made (a short run
// stretched over a longer unit). scripts/check-report injects this into a
// copy of the page and reads the verdict back from the dumped DOM.
window.addEventListener("load", () => {
  const problems = [];
  let texts = 0, charts = 0, rateCharts = 0;
  const name = (svg, index) => (svg.querySelector("title") || {}).textContent || `svg #${index}`;
  // A text's own words: a bar label also holds a <title> with the full name.
  const label = (node) => [...node.childNodes].filter((n) => n.nodeType === Node.TEXT_NODE).map((n) => n.nodeValue).join("").trim();
  document.querySelectorAll("svg").forEach((svg, index) => {
    if (svg.closest(".legend")) return;
    charts += 1;
    const box = svg.getBoundingClientRect();
    // A text the page's CSS hides at this width (a bar label's other form) is not seen.
    const boxes = [...svg.querySelectorAll("text")].filter((t) => label(t) !== "" && getComputedStyle(t).display !== "none")
      .map((t) => ({ text: label(t), rect: t.getBoundingClientRect() }));
    texts += boxes.length;
    const slack = 0.5;
    for (const { text, rect } of boxes) {
      if (rect.left < box.left - slack || rect.right > box.right + slack || rect.top < box.top - slack || rect.bottom > box.bottom + slack) {
        problems.push(`clipped: '${text}' sticks out of '${name(svg, index)}' by ` +
          Math.max(box.left - rect.left, rect.right - box.right, box.top - rect.top, rect.bottom - box.bottom).toFixed(1) + " px");
      }
    }
    for (let i = 0; i < boxes.length; i++) {
      for (let j = i + 1; j < boxes.length; j++) {
        const a = boxes[i].rect, b = boxes[j].rect;
        const width = Math.min(a.right, b.right) - Math.max(a.left, b.left);
        const height = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
        if (width > slack && height > slack) {
          problems.push(`overlap: '${boxes[i].text}' and '${boxes[j].text}' in '${name(svg, index)}' (${width.toFixed(1)} x ${height.toFixed(1)} px)`);
        }
      }
    }
  });
  // A line chart shows a line a person can see, or says in words why it
  // has none: a line drawn along an axis (every value 0) is hidden by it,
  // and a chart with neither line nor note looks broken.
  document.querySelectorAll("svg.line-chart").forEach((svg, index) => {
    const lines = [...svg.querySelectorAll("polyline.series, circle.series")];
    const note = svg.querySelector("text.empty");
    if (lines.length === 0) {
      if (!note) problems.push(`blank chart: '${name(svg, index)}' draws no line and says nothing about it`);
      return;
    }
    const axes = [...svg.querySelectorAll("line.axis")].map((a) => ["x1", "y1", "x2", "y2"].map((k) => Number(a.getAttribute(k))));
    const xAxes = axes.filter(([x1, y1, x2, y2]) => y1 === y2 && x2 - x1 > 20).map(([, y]) => y);
    const yAxes = axes.filter(([x1, y1, x2, y2]) => x1 === x2 && y2 - y1 > 20).map(([x]) => x);
    const along = (values, positions) => positions.some((p) => values.every((v) => Math.abs(v - p) < 0.5));
    const onAxis = (line) => {
      const points = line.tagName === "circle" ? [[Number(line.getAttribute("cx")), Number(line.getAttribute("cy"))]]
        : line.getAttribute("points").trim().split(/\s+/).map((pair) => pair.split(",").map(Number));
      return along(points.map(([, y]) => y), xAxes) || along(points.map(([x]) => x), yAxes);
    };
    if (lines.every(onAxis)) {
      problems.push(`line on an axis: every line of '${name(svg, index)}' lies along an axis, where a person sees none`);
    }
  });
  // A rate per unit (second or minute) can never exceed the requests the
  // whole run made: the run made no more than that in any second or minute.
  document.querySelectorAll(".run").forEach((run) => {
    const figure = run.querySelector('[data-k$="-requests"]');
    const svg = run.querySelector("svg.line-chart");
    // A chart with fewer than two points says so and plots nothing to read.
    if (!figure || !svg || svg.querySelector("text.empty")) return;
    rateCharts += 1;
    const total = Number(figure.textContent.replace(/,/g, ""));
    const ticks = [...svg.querySelectorAll('text.tick[dominant-baseline="middle"]')]
      .map((t) => ({ value: Number(t.textContent.replace(/,/g, "")), y: Number(t.getAttribute("y")) }));
    const series = svg.querySelector('[data-series^="requests per"], polyline.series, circle.series');
    if (ticks.length < 2 || !series) { problems.push(`unreadable rate chart in '${name(svg, 0)}'`); return; }
    const [a, b] = [ticks[0], ticks[ticks.length - 1]];
    const value = (y) => a.value + (y - a.y) * (b.value - a.value) / (b.y - a.y);
    const ys = series.tagName === "circle" ? [Number(series.getAttribute("cy"))]
      : series.getAttribute("points").trim().split(/\s+/).map((pair) => Number(pair.split(",")[1]));
    const highest = Math.max(...ys.map(value));
    if (highest > total * 1.01 + 0.5) {
      problems.push(`impossible rate: '${name(svg, 0)}' plots ${Math.round(highest)} ${(svg.querySelectorAll("text.axis-label")[1] || {}).textContent || "per unit"}, but the run made ${total} requests in all`);
    }
  });
  // On a phone nothing scrolls sideways: neither the page nor a box in it (a wide table).
  const viewport = document.documentElement.clientWidth;
  const pageWidth = Math.max(document.documentElement.scrollWidth, document.body.scrollWidth);
  if (pageWidth > viewport + 0.5) problems.push(`page overflow: the page is ${pageWidth} px wide in a ${viewport} px window`);
  document.querySelectorAll("body *").forEach((node) => {
    const style = getComputedStyle(node);
    if (!/(auto|scroll)/.test(style.overflowX) || node.scrollWidth <= node.clientWidth + 0.5) return;
    problems.push(`sideways scrolling: a ${node.tagName.toLowerCase()}${node.id ? "#" + node.id : ""}${node.className ? "." + String(node.className).split(" ").join(".") : ""} ` +
      `in '${(node.closest("section") || {}).id || "the page"}' is ${node.scrollWidth} px wide in ${node.clientWidth} px`);
  });
  // On a wide screen a bar label is whole; only a phone shortens one (its tooltip holds the whole name).
  if (viewport >= 1000) {
    document.querySelectorAll("svg text.label").forEach((node) => {
      if (getComputedStyle(node).display === "none" || node.getBoundingClientRect().width === 0) return;
      const shown = label(node), whole = (node.querySelector("title") || {}).textContent || shown;
      if (shown !== whole) problems.push(`cut label: '${shown}' stands for '${whole}' at ${viewport} px`);
    });
  }
  document.body.setAttribute("data-layout-problems", JSON.stringify(problems));
  document.body.setAttribute("data-layout-counts", JSON.stringify({ charts, texts, rateCharts, pageWidth }));
  // Shown in a frame of the phone's width (scripts/check-report): tell the frame page.
  if (window.parent !== window) window.parent.postMessage({ problems, counts: { charts, texts, rateCharts, pageWidth } }, "*");
});
