import { useEffect, useState } from 'react';
import { blobUrl } from './upload-transport.ts';

/** An image thumbnail of a stored path, fetched as a blob with the session token. */
export function UploadThumb({ path, name, size = 32 }: { path: string; name: string; size?: number }) {
  const [src, setSrc] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    setFailed(false);
    blobUrl(path).then(
      (url) => live && setSrc(url),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [path]);
  const box = { width: size, height: size };
  if (failed)
    return (
      <span
        style={box}
        title={name}
        className="inline-flex items-center justify-center bg-gray-100 text-[10px] text-gray-600"
      >
        ×
      </span>
    );
  return src ? (
    <img src={src} alt={name} title={name} style={box} className="inline-block rounded border object-cover" />
  ) : (
    <span style={box} className="inline-block animate-pulse rounded bg-gray-100" />
  );
}
