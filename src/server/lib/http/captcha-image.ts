import { randomInt } from 'node:crypto';

/** A 105×35 SVG captcha image as a data URL (the client puts it in an <img>). */
export function captchaDataUrl(code: string): string {
  const w = 105;
  const h = 35;
  const noise = Array.from({ length: 5 }, () => {
    const c = `hsl(${randomInt(360)},60%,55%)`;
    return `<line x1="${randomInt(w)}" y1="${randomInt(h)}" x2="${randomInt(w)}" y2="${randomInt(h)}" stroke="${c}" stroke-width="1"/>`;
  }).join('');
  const chars = [...code]
    .map((ch, i) => {
      const x = 14 + i * 22;
      const rot = randomInt(-25, 26);
      const c = `hsl(${randomInt(360)},70%,35%)`;
      const safe = ch.replace(/[<>&"']/g, '');
      return `<text x="${x}" y="25" fill="${c}" font-size="22" font-family="monospace" transform="rotate(${rot} ${x} 18)">${safe}</text>`;
    })
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}"><rect width="100%" height="100%" fill="#f4f6f8"/>${noise}${chars}</svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}
