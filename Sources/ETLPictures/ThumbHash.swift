import ETLCore
import Foundation

/// The ThumbHash encoder (Evan Wallace's algorithm, https://evanw.github.io/thumbhash/),
/// written from the published reference: a picture of at most 100×100 RGBA
/// pixels becomes ~25 bytes holding its average colour, aspect ratio and a
/// few low-frequency cosine terms of luminance, two colour channels and alpha.
/// The base64 of those bytes is what every reference decoder takes.
///
/// Debian packages no ThumbHash library; `scripts/check-thumbhash` and the
/// placeholder tests decode these hashes with the `thumbhash-python` package.
package enum ThumbHash {
    /// The hash of `rgba` (`width × height × 4` bytes, not premultiplied),
    /// or nil when the picture is empty or larger than 100×100.
    package static func encode(width w: Int, height h: Int, rgba: [UInt8]) -> [UInt8]? {
        guard w > 0, h > 0, w <= 100, h <= 100, rgba.count == w * h * 4 else { return nil }
        let count = w * h
        var average = (r: 0.0, g: 0.0, b: 0.0, a: 0.0)
        for i in 0..<count {
            let alpha = Double(rgba[i * 4 + 3]) / 255
            average.r += alpha / 255 * Double(rgba[i * 4])
            average.g += alpha / 255 * Double(rgba[i * 4 + 1])
            average.b += alpha / 255 * Double(rgba[i * 4 + 2])
            average.a += alpha
        }
        if average.a > 0 {
            average.r /= average.a
            average.g /= average.a
            average.b /= average.a
        }
        let hasAlpha = average.a < Double(count)
        let limit = hasAlpha ? 5.0 : 7.0
        let longest = Double(max(w, h))
        let lx = max(1, Int(round(limit * Double(w) / longest)))
        let ly = max(1, Int(round(limit * Double(h) / longest)))
        var l = [Double](repeating: 0, count: count)
        var p = l, q = l, a = l
        // Transparent pixels take the average colour, so edges do not bleed black.
        for i in 0..<count {
            let alpha = Double(rgba[i * 4 + 3]) / 255
            let r = average.r * (1 - alpha) + alpha / 255 * Double(rgba[i * 4])
            let g = average.g * (1 - alpha) + alpha / 255 * Double(rgba[i * 4 + 1])
            let b = average.b * (1 - alpha) + alpha / 255 * Double(rgba[i * 4 + 2])
            l[i] = (r + g + b) / 3
            p[i] = (r + g) / 2 - b
            q[i] = r - g
            a[i] = alpha
        }

        func channel(_ values: [Double], _ nx: Int, _ ny: Int) -> (dc: Double, ac: [Double], scale: Double) {
            var dc = 0.0
            var ac: [Double] = []
            var scale = 0.0
            var fx = [Double](repeating: 0, count: w)
            for cy in 0..<ny {
                var cx = 0
                while cx * ny < nx * (ny - cy) {
                    var f = 0.0
                    for x in 0..<w { fx[x] = cos(Double.pi / Double(w) * Double(cx) * (Double(x) + 0.5)) }
                    for y in 0..<h {
                        let fy = cos(Double.pi / Double(h) * Double(cy) * (Double(y) + 0.5))
                        for x in 0..<w { f += values[x + y * w] * fx[x] * fy }
                    }
                    f /= Double(count)
                    if cx > 0 || cy > 0 {
                        ac.append(f)
                        scale = max(scale, abs(f))
                    } else {
                        dc = f
                    }
                    cx += 1
                }
            }
            if scale > 0 { ac = ac.map { 0.5 + 0.5 / scale * $0 } }
            return (dc, ac, scale)
        }

        let lum = channel(l, max(3, lx), max(3, ly))
        let pc = channel(p, 3, 3)
        let qc = channel(q, 3, 3)
        let ac = hasAlpha ? channel(a, 5, 5) : (dc: 1.0, ac: [], scale: 1.0)

        // JavaScript's Math.round: halves go up.
        func r(_ value: Double) -> Int { Int((value + 0.5).rounded(.down)) }
        let isLandscape = w > h
        let header24 = r(63 * lum.dc) | r(31.5 + 31.5 * pc.dc) << 6 | r(31.5 + 31.5 * qc.dc) << 12
            | r(31 * lum.scale) << 18 | (hasAlpha ? 1 << 23 : 0)
        let header16 = (isLandscape ? ly : lx) | r(63 * pc.scale) << 3 | r(63 * qc.scale) << 9 | (isLandscape ? 1 << 15 : 0)
        var hash: [UInt8] = [
            UInt8(header24 & 255), UInt8((header24 >> 8) & 255), UInt8(header24 >> 16),
            UInt8(header16 & 255), UInt8(header16 >> 8),
        ]
        if hasAlpha { hash.append(UInt8(r(15 * ac.dc) | r(15 * ac.scale) << 4)) }
        let start = hash.count
        var index = 0
        for coefficients in hasAlpha ? [lum.ac, pc.ac, qc.ac, ac.ac] : [lum.ac, pc.ac, qc.ac] {
            for f in coefficients {
                let slot = start + index >> 1
                if slot >= hash.count { hash.append(0) }
                hash[slot] |= UInt8(r(15 * f)) << ((index & 1) << 2)
                index += 1
            }
        }
        return hash
    }

    /// ``encode(width:height:rgba:)`` in base64, as stored in `images.placeholder`.
    package static func base64(width: Int, height: Int, rgba: [UInt8]) -> String? {
        encode(width: width, height: height, rgba: rgba).map { Data($0).base64EncodedString() }
    }
}
