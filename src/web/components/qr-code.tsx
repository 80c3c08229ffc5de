import encodeQR from 'qr';

/** A QR code drawn as SVG squares (no markup from a library is injected), with a quiet zone of 4 modules. */
export function QrCode({ text, label, size = 200 }: { text: string; label: string; size?: number }) {
  const modules = encodeQR(text, 'raw', { ecc: 'medium' });
  const count = modules.length + 8;
  const squares: string[] = [];
  modules.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) squares.push(`M${x + 4} ${y + 4}h1v1h-1z`);
    });
  });
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${count} ${count}`}
      width={size}
      height={size}
      shapeRendering="crispEdges"
      className="bg-white"
    >
      <rect width={count} height={count} fill="#fff" />
      <path d={squares.join('')} fill="#000" />
    </svg>
  );
}
