//! Pixel work on opaque pictures: filling rectangles, blitting sprites, and
//! encoding the finished picture as PNG (indexed colour when it fits).

use resvg::tiny_skia::Pixmap;

use super::RenderError;
use super::theme::Rgb;

/// Fills an axis-aligned rectangle with an opaque colour (fast path: the
/// rows are written directly).
pub(super) fn fill(pm: &mut Pixmap, x: i32, y: i32, w: u32, h: u32, c: Rgb) {
    let pw = pm.width() as i32;
    let ph = pm.height() as i32;
    let x0 = x.clamp(0, pw) as usize;
    let x1 = (x + w as i32).clamp(0, pw) as usize;
    let y0 = y.clamp(0, ph) as usize;
    let y1 = (y + h as i32).clamp(0, ph) as usize;
    let stride = pw as usize * 4;
    let data = pm.data_mut();
    let px = [c.0, c.1, c.2, 255];
    for row in y0..y1 {
        let line = &mut data[row * stride + x0 * 4..row * stride + x1 * 4];
        for chunk in line.chunks_exact_mut(4) {
            chunk.copy_from_slice(&px);
        }
    }
}

/// Draws a premultiplied sprite over an opaque picture (source-over),
/// clipped to the picture.
pub(super) fn blit(dst: &mut Pixmap, src: &Pixmap, x: i32, y: i32) {
    let (dw, dh) = (dst.width() as i32, dst.height() as i32);
    let (sw, sh) = (src.width() as i32, src.height() as i32);
    let x0 = x.max(0);
    let y0 = y.max(0);
    let x1 = (x + sw).min(dw);
    let y1 = (y + sh).min(dh);
    if x0 >= x1 || y0 >= y1 {
        return;
    }
    let n = (x1 - x0) as usize * 4;
    let sdata = src.data();
    let ddata = dst.data_mut();
    for row in y0..y1 {
        let s_off = (((row - y) * sw + (x0 - x)) * 4) as usize;
        let d_off = ((row * dw + x0) * 4) as usize;
        let srow = &sdata[s_off..s_off + n];
        let drow = &mut ddata[d_off..d_off + n];
        for (d, s) in drow.chunks_exact_mut(4).zip(srow.chunks_exact(4)) {
            match s[3] {
                0 => {}
                255 => d.copy_from_slice(s),
                a => {
                    let inv = 255 - u16::from(a);
                    for i in 0..3 {
                        let v = u16::from(s[i]) + (u16::from(d[i]) * inv + 127) / 255;
                        d[i] = v.min(255) as u8;
                    }
                }
            }
        }
    }
}

/// Encodes an opaque pixmap: indexed colour when it has at most 256 colours
/// (lossless), else RGB.
///
/// # Errors
/// [`RenderError::Encode`] if the encoder fails.
pub fn encode_png(pm: &Pixmap) -> Result<Vec<u8>, RenderError> {
    let (w, h) = (pm.width(), pm.height());
    let mut out = Vec::with_capacity(64 * 1024);
    let enc_err = |e: png::EncodingError| RenderError::Encode(e.to_string());
    let mut enc = png::Encoder::new(&mut out, w, h);
    enc.set_depth(png::BitDepth::Eight);
    match to_indexed(pm.data()) {
        Some((palette, indices)) => {
            // Measured on our boards: zlib level 3 with the Up filter is
            // within ~15% of the smallest output at a third of the time.
            enc.set_deflate_compression(png::DeflateCompression::Level(3));
            enc.set_color(png::ColorType::Indexed);
            enc.set_palette(palette);
            enc.set_filter(png::Filter::Up);
            let mut wr = enc.write_header().map_err(enc_err)?;
            wr.write_image_data(&indices).map_err(enc_err)?;
            wr.finish().map_err(enc_err)?;
        }
        None => {
            enc.set_compression(png::Compression::Balanced);
            enc.set_color(png::ColorType::Rgb);
            enc.set_filter(png::Filter::Adaptive);
            let rgb: Vec<u8> = pm
                .data()
                .chunks_exact(4)
                .flat_map(|p| [p[0], p[1], p[2]])
                .collect();
            let mut wr = enc.write_header().map_err(enc_err)?;
            wr.write_image_data(&rgb).map_err(enc_err)?;
            wr.finish().map_err(enc_err)?;
        }
    }
    Ok(out)
}

/// Palette and indices of opaque RGBA pixels, or `None` above 256 colours.
pub(super) fn to_indexed(rgba: &[u8]) -> Option<(Vec<u8>, Vec<u8>)> {
    const SLOTS: usize = 1024;
    const EMPTY: u32 = u32::MAX;
    let mut keys = [EMPTY; SLOTS];
    let mut vals = [0u8; SLOTS];
    let mut palette: Vec<u8> = Vec::with_capacity(256 * 3);
    let mut indices = vec![0u8; rgba.len() / 4];
    let mut last_key = EMPTY;
    let mut last_idx = 0u8;
    for (p, out) in rgba.chunks_exact(4).zip(indices.iter_mut()) {
        // Opaque pixels: the colour is the low three bytes.
        let key = u32::from_le_bytes([p[0], p[1], p[2], p[3]]) & 0x00ff_ffff;
        if key != last_key {
            let mut slot = (key.wrapping_mul(0x9E37_79B1) >> 22) as usize;
            loop {
                if keys[slot] == key {
                    last_idx = vals[slot];
                    break;
                }
                if keys[slot] == EMPTY {
                    let n = palette.len() / 3;
                    if n == 256 {
                        return None;
                    }
                    keys[slot] = key;
                    vals[slot] = n as u8;
                    palette.extend_from_slice(&p[..3]);
                    last_idx = n as u8;
                    break;
                }
                slot = (slot + 1) % SLOTS;
            }
            last_key = key;
        }
        *out = last_idx;
    }
    Some((palette, indices))
}
