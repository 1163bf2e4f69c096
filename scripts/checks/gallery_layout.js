// What a person would see wrong in a rendered etl gallery page, read from
// the layout Chromium computed and the pixels it decoded: a thumbnail
// wider than its card (the card crops it without a word), and a picture
// with no content (one flat colour stretched over the card: what the mocks
// served before they painted landscapes). scripts/check-gallery injects
// this into a copy of the page beside it (so the thumbnails' relative
// paths hold) and reads the verdict back from the dumped DOM; Chromium
// runs with --allow-file-access-from-files so a file:// picture's pixels
// can be read from a canvas.
window.addEventListener("load", () => {
  const problems = [];
  const pictures = [];
  document.querySelectorAll("figure.work").forEach((card, index) => {
    const img = card.querySelector(".frame img");
    if (!img) return;
    const title = img.getAttribute("alt") || `card ${index + 1}`;
    const box = card.getBoundingClientRect(), shown = img.getBoundingClientRect();
    const slack = 0.5;
    if (shown.left < box.left - slack || shown.right > box.right + slack || shown.top < box.top - slack) {
      problems.push(`cropped: '${title}' is ${shown.width.toFixed(1)} px wide in its ${box.width.toFixed(1)} px card`);
    }
    if (img.naturalWidth === 0) { problems.push(`not decoded: '${title}'`); return; }
    const canvas = document.createElement("canvas");
    canvas.width = img.naturalWidth;
    canvas.height = img.naturalHeight;
    const context = canvas.getContext("2d");
    context.drawImage(img, 0, 0);
    let data;
    try {
      data = context.getImageData(0, 0, canvas.width, canvas.height).data;
    } catch (error) {
      problems.push(`unreadable pixels: '${title}' (${error.name})`);
      return;
    }
    // Luminance's standard deviation, and colours told apart at 5 bits a channel.
    let sum = 0, squares = 0;
    const colours = new Set();
    const count = data.length / 4;
    for (let i = 0; i < data.length; i += 4) {
      const y = 0.2126 * data[i] + 0.7152 * data[i + 1] + 0.0722 * data[i + 2];
      sum += y;
      squares += y * y;
      colours.add(((data[i] >> 3) << 10) | ((data[i + 1] >> 3) << 5) | (data[i + 2] >> 3));
    }
    const mean = sum / count;
    const deviation = Math.sqrt(Math.max(0, squares / count - mean * mean));
    pictures.push({ title, deviation, colours: colours.size });
  });
  // A picture with content: its light varies (a deviation of 10 of 255)
  // and it holds more than a handful of colours.
  const flat = pictures.filter((p) => p.deviation < 10 || p.colours < 16);
  for (const p of flat) {
    problems.push(`no content: '${p.title}' (luminance deviation ${p.deviation.toFixed(1)}, ${p.colours} colours)`);
  }
  const counts = {
    cards: document.querySelectorAll("figure.work").length,
    pictures: pictures.length,
    withContent: pictures.length - flat.length,
    leastDeviation: pictures.length ? Math.min(...pictures.map((p) => p.deviation)) : 0,
    fewestColours: pictures.length ? Math.min(...pictures.map((p) => p.colours)) : 0,
    pageWidth: Math.max(document.documentElement.scrollWidth, document.body.scrollWidth),
  };
  document.body.setAttribute("data-layout-problems", JSON.stringify(problems));
  document.body.setAttribute("data-layout-counts", JSON.stringify(counts));
  if (window.parent !== window) window.parent.postMessage({ problems, counts }, "*");
});
