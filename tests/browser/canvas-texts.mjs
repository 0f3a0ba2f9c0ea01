// What every canvas draws, read through the drawing layer: each text with its box in device
// pixels, and each picture painted into it (its source's size). Installed before the page runs
// (`context.addInitScript(recordCanvasTexts)`); read with `drawnOn(page, testid)`.
export function recordCanvasTexts() {
  const proto = CanvasRenderingContext2D.prototype;
  const reset = (canvas) => { canvas.__drawn = { texts: [], images: [] }; };
  const log = (canvas) => canvas.__drawn || (reset(canvas), canvas.__drawn);
  const fillText = proto.fillText;
  proto.fillText = function (text, x, y, ...rest) {
    const m = this.measureText(text);
    const t = this.getTransform();
    const corners = [
      [x - m.actualBoundingBoxLeft, y - m.actualBoundingBoxAscent],
      [x + m.actualBoundingBoxRight, y - m.actualBoundingBoxAscent],
      [x - m.actualBoundingBoxLeft, y + m.actualBoundingBoxDescent],
      [x + m.actualBoundingBoxRight, y + m.actualBoundingBoxDescent],
    ].map(([a, b]) => [t.a * a + t.c * b + t.e, t.b * a + t.d * b + t.f]);
    const xs = corners.map((c) => c[0]);
    const ys = corners.map((c) => c[1]);
    if (this.canvas instanceof HTMLCanvasElement && String(text).trim()) {
      log(this.canvas).texts.push({
        text: String(text),
        box: [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)],
      });
    }
    return fillText.call(this, text, x, y, ...rest);
  };
  const clearRect = proto.clearRect;
  proto.clearRect = function (x, y, w, h) {
    if (this.canvas instanceof HTMLCanvasElement && x <= 0 && y <= 0
      && w >= this.canvas.width && h >= this.canvas.height) reset(this.canvas);
    return clearRect.call(this, x, y, w, h);
  };
  for (const dimension of ['width', 'height']) {
    const property = Object.getOwnPropertyDescriptor(HTMLCanvasElement.prototype, dimension);
    Object.defineProperty(HTMLCanvasElement.prototype, dimension, {
      ...property,
      set(value) { reset(this); property.set.call(this, value); },
    });
  }
  const drawImage = proto.drawImage;
  proto.drawImage = function (source, ...rest) {
    if (this.canvas instanceof HTMLCanvasElement) log(this.canvas).images.push([source.width, source.height]);
    return drawImage.call(this, source, ...rest);
  };
}

/** The texts and pictures canvas `testid` drew last, once it has drawn (brought on screen). */
export async function drawnOn(page, testid) {
  await page.evaluate(async (id) => {
    const canvas = document.querySelector(`[data-testid="${id}"]`);
    canvas.scrollIntoView({ block: 'center' });
    for (let n = 0; n < 4; n += 1) await new Promise((ok) => requestAnimationFrame(ok));
  }, testid);
  return page.evaluate((id) => {
    const canvas = document.querySelector(`[data-testid="${id}"]`);
    return { width: canvas.width, height: canvas.height, ...(canvas.__drawn || { texts: [], images: [] }) };
  }, testid);
}

/** Pairs of texts whose boxes overlap by more than `slack` device pixels both ways. */
export function overlaps(texts, slack = 1) {
  const found = [];
  for (let i = 0; i < texts.length; i += 1) {
    for (let j = i + 1; j < texts.length; j += 1) {
      const [a, b] = [texts[i].box, texts[j].box];
      const wide = Math.min(a[2], b[2]) - Math.max(a[0], b[0]);
      const tall = Math.min(a[3], b[3]) - Math.max(a[1], b[1]);
      if (wide > slack && tall > slack) found.push(`"${texts[i].text}" × "${texts[j].text}"`);
    }
  }
  return found;
}

/** Texts drawn (partly) outside the canvas. */
export function outside(drawn, slack = 1) {
  return drawn.texts
    .filter(({ box }) => box[0] < -slack || box[1] < -slack || box[2] > drawn.width + slack || box[3] > drawn.height + slack)
    .map(({ text }) => text);
}
