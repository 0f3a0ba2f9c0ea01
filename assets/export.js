// PE Explorer's picture exports (PNG and SVG), loaded the first time someone asks for one.
//
// While a panel is recorded, each of its canvases hands out a stand-in for its 2-D context:
// the app's drawing code (its own calls and plotters-canvas's) runs unchanged and every call
// becomes SVG, so the file holds the same lines, text and colours as the screen, as vectors a
// slide editor can recolour and scale. Pixel pictures (the heatmap's cells, drawn with
// drawImage) go in as embedded PNG images.
//
// The stand-in inherits from CanvasRenderingContext2D.prototype, so wasm-bindgen's `dyn_into`
// accepts it; every method and settable property of the prototype is shadowed by one of its own
// (a prototype method called on it would throw "Illegal invocation" inside the wasm); those the
// drawing does not need do nothing, and the one it reads a value from, measureText, measures.
'use strict';
(() => {
  const proto = CanvasRenderingContext2D.prototype;
  const STYLE = ['fillStyle', 'strokeStyle', 'lineWidth', 'font', 'textAlign', 'textBaseline',
    'globalAlpha', 'lineCap', 'lineJoin', 'imageSmoothingEnabled'];
  const escape = (text) => String(text).replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  const fixed = (v) => +v.toFixed(2);
  // rgba() is written as rgb() plus an opacity: older SVG readers know only the latter.
  const paint = (color, alpha) => {
    const m = /^rgba\(([^,]+),([^,]+),([^,]+),([^)]+)\)$/.exec(String(color).replace(/\s/g, ''));
    return m ? [`rgb(${m[1]},${m[2]},${m[3]})`, alpha * m[4]] : [String(color), alpha];
  };
  const multiply = (m, n) => [
    m[0] * n[0] + m[2] * n[1], m[1] * n[0] + m[3] * n[1],
    m[0] * n[2] + m[2] * n[3], m[1] * n[2] + m[3] * n[3],
    m[0] * n[4] + m[2] * n[5] + m[4], m[1] * n[4] + m[3] * n[5] + m[5],
  ];
  const scratch = document.createElement('canvas');
  // A picture as a PNG data: address, cut from a canvas or an image.
  const png = (source, sx, sy, sw, sh) => {
    scratch.width = Math.max(1, Math.round(sw));
    scratch.height = Math.max(1, Math.round(sh));
    scratch.getContext('2d').drawImage(source, sx, sy, sw, sh, 0, 0, sw, sh);
    return scratch.toDataURL('image/png');
  };

  function recorder(canvas) {
    const r = Object.create(proto);
    for (const name of Object.getOwnPropertyNames(proto)) {
      const property = Object.getOwnPropertyDescriptor(proto, name);
      const value = typeof property.value === 'function' ? () => {} : undefined;
      Object.defineProperty(r, name, { value, writable: true, configurable: true });
    }
    Object.assign(r, {
      canvas, fillStyle: '#000', strokeStyle: '#000', lineWidth: 1, font: '10px sans-serif',
      textAlign: 'start', textBaseline: 'alphabetic', globalAlpha: 1, lineCap: 'butt',
      lineJoin: 'miter', imageSmoothingEnabled: true,
    });
    let elements = [];
    let clips = [];
    let matrix = [1, 0, 0, 1, 0, 0];
    let dash = [];
    let clip = '';
    let path = '';
    let open = false;
    const stack = [];
    const point = (x, y) => [matrix[0] * x + matrix[2] * y + matrix[4], matrix[1] * x + matrix[3] * y + matrix[5]];
    const at = (x, y) => point(x, y).map(fixed).join(' ');
    // How much the transform enlarges lengths (it is a rotation and a uniform scale here).
    const enlargement = () => Math.hypot(matrix[0], matrix[1]);
    const emit = (tag, attributes, text) => {
      let markup = `<${tag}`;
      for (const [name, value] of Object.entries({ ...attributes, 'clip-path': clip && `url(#${clip})` })) {
        if (value !== undefined && value !== '') markup += ` ${name}="${escape(value)}"`;
      }
      elements.push(text === undefined ? `${markup}/>` : `${markup}>${escape(text)}</${tag}>`);
    };
    const opacity = (alpha) => (alpha < 1 ? fixed(alpha) : undefined);
    const fillPaint = () => {
      const [color, alpha] = paint(r.fillStyle, r.globalAlpha);
      return { fill: color, 'fill-opacity': opacity(alpha) };
    };
    const strokePaint = () => {
      const [color, alpha] = paint(r.strokeStyle, r.globalAlpha);
      const scale = enlargement();
      return {
        fill: 'none', stroke: color, 'stroke-opacity': opacity(alpha),
        'stroke-width': fixed(r.lineWidth * scale),
        'stroke-linecap': r.lineCap === 'butt' ? undefined : r.lineCap,
        'stroke-linejoin': r.lineJoin === 'miter' ? undefined : r.lineJoin,
        'stroke-dasharray': dash.length ? dash.map((v) => fixed(v * scale)).join(' ') : undefined,
      };
    };
    const rectangle = (x, y, w, h) =>
      `M${at(x, y)}L${at(x + w, y)}L${at(x + w, y + h)}L${at(x, y + h)}Z`;
    const transformOf = () => (matrix.join() === '1,0,0,1,0,0' ? undefined : `matrix(${matrix.map(fixed).join(' ')})`);
    // The canvas font ("bold 24px sans-serif") as presentation attributes, not a style
    // attribute: slide editors read those, and a strict Content-Security-Policy allows them.
    const text = (content, x, y, painted) => emit('text', {
      x: fixed(x), y: fixed(y), transform: transformOf(),
      'font-size': (/([\d.]+)px/.exec(r.font) || [])[1],
      'font-family': (/px\s+(.*)$/.exec(r.font) || [])[1],
      'font-weight': /bold/.test(r.font) ? 'bold' : undefined,
      'text-anchor': { center: 'middle', right: 'end', end: 'end' }[r.textAlign],
      'dominant-baseline': { top: 'text-before-edge', middle: 'central', bottom: 'text-after-edge' }[r.textBaseline],
      ...painted,
    }, content);
    const image = (href, x, y, w, h) => emit('image', {
      href, x: fixed(x), y: fixed(y), width: fixed(w), height: fixed(h), transform: transformOf(),
      preserveAspectRatio: 'none', 'image-rendering': r.imageSmoothingEnabled ? undefined : 'pixelated',
    });

    Object.assign(r, {
      save() {
        stack.push([STYLE.map((name) => r[name]), matrix, dash, clip]);
      },
      restore() {
        const saved = stack.pop();
        if (saved) {
          STYLE.forEach((name, n) => { r[name] = saved[0][n]; });
          [, matrix, dash, clip] = saved;
        }
      },
      translate(x, y) { matrix = multiply(matrix, [1, 0, 0, 1, x, y]); },
      rotate(angle) {
        const [c, s] = [Math.cos(angle), Math.sin(angle)];
        matrix = multiply(matrix, [c, s, -s, c, 0, 0]);
      },
      setLineDash(segments) { dash = [...segments]; },
      // Every drawing of the app starts by clearing its whole canvas: that starts the SVG over.
      clearRect(x, y, w, h) {
        if (x <= 0 && y <= 0 && x + w >= canvas.width && y + h >= canvas.height) {
          elements = [];
          clips = [];
        }
      },
      beginPath() { path = ''; open = false; },
      moveTo(x, y) { path += `M${at(x, y)}`; open = true; },
      lineTo(x, y) { path += `${open ? 'L' : 'M'}${at(x, y)}`; open = true; },
      closePath() { if (path) path += 'Z'; },
      rect(x, y, w, h) { path += rectangle(x, y, w, h); open = true; },
      bezierCurveTo(x1, y1, x2, y2, x, y) { path += `C${at(x1, y1)} ${at(x2, y2)} ${at(x, y)}`; },
      arc(x, y, radius, start, end, counterclockwise = false) {
        const turn = 2 * Math.PI;
        let sweep = end - start;
        if (!counterclockwise) sweep = sweep >= turn ? turn : ((sweep % turn) + turn) % turn;
        else sweep = -sweep >= turn ? -turn : -((((-sweep) % turn) + turn) % turn);
        const [x0, y0] = point(x + radius * Math.cos(start), y + radius * Math.sin(start));
        path += `${open ? 'L' : 'M'}${fixed(x0)} ${fixed(y0)}`;
        open = true;
        // Quarter turns at most, so no piece needs SVG's large-arc flag.
        const pieces = Math.max(1, Math.ceil(Math.abs(sweep) / (Math.PI / 2) - 1e-9));
        const mirrored = matrix[0] * matrix[3] - matrix[1] * matrix[2] < 0;
        const flag = (sweep > 0) !== mirrored ? 1 : 0;
        const scaled = fixed(radius * enlargement());
        for (let n = 1; n <= pieces; n += 1) {
          const angle = start + (sweep * n) / pieces;
          path += `A${scaled} ${scaled} 0 0 ${flag} ${at(x + radius * Math.cos(angle), y + radius * Math.sin(angle))}`;
        }
      },
      fill(rule) {
        if (path) emit('path', { d: path, ...fillPaint(), 'fill-rule': rule === 'evenodd' ? rule : undefined });
      },
      stroke() { if (path) emit('path', { d: path, ...strokePaint() }); },
      clip() {
        const id = `${canvas.dataset.testid || 'canvas'}-clip-${clips.length}`;
        // An earlier clip still applies: the new region lies inside it.
        clips.push(`<clipPath id="${escape(id)}"${clip ? ` clip-path="url(#${escape(clip)})"` : ''}><path d="${path}"/></clipPath>`);
        clip = id;
      },
      fillRect(x, y, w, h) { emit('path', { d: rectangle(x, y, w, h), ...fillPaint() }); },
      strokeRect(x, y, w, h) { emit('path', { d: rectangle(x, y, w, h), ...strokePaint() }); },
      fillText(content, x, y) { text(content, x, y, fillPaint()); },
      // The one method the app reads a value from (text widths, to place labels): measured for
      // real in the recorder's font. (A no-op's undefined would throw inside the wasm, between
      // a RefCell's borrow and its release, and stop the page.)
      measureText(content) {
        const measure = scratch.getContext('2d');
        measure.font = r.font;
        return measure.measureText(content);
      },
      drawImage(source, ...place) {
        const full = [0, 0, source.width, source.height];
        const [sx, sy, sw, sh, dx, dy, dw, dh] = place.length === 8 ? place
          : place.length === 4 ? [...full, ...place] : [...full, ...place, source.width, source.height];
        image(png(source, sx, sy, sw, sh), dx, dy, dw, dh);
      },
    });
    return { context: r, parts: () => [clips, elements] };
  }

  // The export's head, drawn by the same 2-D calls into the PNG's sheet or an SVG recording:
  // the panel's title, the parameters its pictures depend on, and its legend (each entry's
  // colour swatch and text), wrapped to `width`. Returns its height. `s` is device pixels per
  // CSS pixel.
  const head = (context, panel, parameters, width, s) => {
    const measure = scratch.getContext('2d');
    const ink = getComputedStyle(panel).color;
    const pad = 12 * s;
    let y = pad;
    // Writes `text` from `x`, word by word on as many lines as the width needs.
    const write = (text, size, bold, x) => {
      const font = `${bold ? 'bold ' : ''}${size * s}px sans-serif`;
      context.font = font;
      measure.font = font;
      context.fillStyle = ink;
      context.textBaseline = 'top';
      context.textAlign = 'left';
      let row = '';
      const flush = () => {
        context.fillText(row, x, y);
        y += size * 1.35 * s;
      };
      for (const word of text.trim().split(/\s+/)) {
        const next = row ? `${row} ${word}` : word;
        if (row && measure.measureText(next).width > width - pad - x) {
          flush();
          row = word;
        } else {
          row = next;
        }
      }
      flush();
    };
    const title = panel.querySelector('h2');
    write(title ? title.textContent : panel.id, 18, true, pad);
    write(parameters, 13, false, pad);
    for (const entry of panel.querySelectorAll('.legend li')) {
      const swatch = entry.querySelector('.swatch');
      if (swatch) {
        context.fillStyle = getComputedStyle(swatch).backgroundColor;
        context.fillRect(pad, y + 1.5 * s, 12 * s, 12 * s);
      }
      write(entry.textContent, 13, false, pad + 18 * s);
    }
    return Math.ceil(y + pad / 2);
  };

  // Saves the panel's pictures as one PNG (kind "png", at twice the screen's resolution) or one
  // SVG (kind "svg": the next drawing of every canvas recorded as vectors), named `name`: its
  // head, then the canvases stacked (marker layers over the canvas before them), on the panel's
  // background. `redraw(scale)` asks the page to draw the panel's canvases again at `scale`
  // device pixels per CSS pixel, and `redraw(0)` to put them back.
  self.peExport = (panel, kind, parameters, name, redraw) => {
    const canvases = [...panel.querySelectorAll('canvas')];
    const svg = kind === 'svg';
    const recordings = svg ? canvases.map((canvas) => {
      const recording = recorder(canvas);
      canvas.getContext = () => recording.context;
      return recording;
    }) : [];
    redraw(svg ? 1 : 2);
    // Two frames: the redraw, then the capture.
    requestAnimationFrame(() => requestAnimationFrame(() => {
      let width = 0;
      let height = 0;
      let top = 0;
      const placed = canvases.map((canvas) => {
        if (svg) delete canvas.getContext;
        if (!canvas.classList.contains('overlay')) {
          top = height;
          height += canvas.height;
        }
        width = Math.max(width, canvas.width);
        return top;
      });
      // Device pixels per CSS pixel, as the canvases were drawn.
      const s = canvases.length ? canvases[0].width / Math.max(1, canvases[0].getBoundingClientRect().width) : 1;
      const background = getComputedStyle(panel).backgroundColor;
      let file;
      if (svg) {
        redraw(0);
        if (!width || !height) return;
        const heading = recorder(document.createElement('canvas'));
        const above = head(heading.context, panel, parameters, width, s);
        const [, headElements] = heading.parts();
        const groups = canvases.map((canvas, n) => {
          const [clips, elements] = recordings[n].parts();
          return `<g transform="translate(0 ${above + placed[n]})">${clips.length ? `<defs>${clips.join('')}</defs>` : ''}${elements.join('')}</g>`;
        });
        const title = panel.querySelector('h2');
        const total = above + height;
        const markup = `<svg xmlns="http://www.w3.org/2000/svg" width="${fixed(width / s)}" height="${fixed(total / s)}" viewBox="0 0 ${width} ${total}">`
          + `<title>${escape(title ? title.textContent : panel.id)}</title>`
          + `<rect width="100%" height="100%" fill="${escape(background)}"/>`
          + `<g>${headElements.join('')}</g>${groups.join('')}</svg>`;
        file = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(markup)}`;
      } else {
        const sheet = document.createElement('canvas');
        const context = sheet.getContext('2d');
        // The head's height first (drawn on the scratch canvas), then the sheet at its size.
        const above = width ? head(scratch.getContext('2d'), panel, parameters, width, s) : 0;
        sheet.width = width;
        sheet.height = above + height;
        redraw(0);
        if (!width || !height) return;
        context.fillStyle = background;
        context.fillRect(0, 0, sheet.width, sheet.height);
        head(context, panel, parameters, width, s);
        canvases.forEach((canvas, n) => context.drawImage(canvas, 0, above + placed[n]));
        file = sheet.toDataURL('image/png');
      }
      const link = document.createElement('a');
      link.href = file;
      link.download = `${name}.${kind}`;
      link.click();
    }));
  };
})();
