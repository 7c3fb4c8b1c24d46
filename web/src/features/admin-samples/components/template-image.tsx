// A template's front or back image, or a clear placeholder when there is no URL or the image fails to load.
import { useState } from 'react';

interface TemplateImageProps {
  url: string | null;
  alt: string;
  side: 'Front' | 'Back';
}

export function TemplateImage({ url, alt, side }: TemplateImageProps) {
  // Keyed by URL so a fixed URL gets a fresh chance after an earlier one failed.
  return <ImageOrPlaceholder key={url ?? ''} url={url} alt={alt} side={side} />;
}

function ImageOrPlaceholder({ url, alt, side }: TemplateImageProps) {
  const [broken, setBroken] = useState(false);
  if (!url || broken) {
    return (
      <div className="flex aspect-[3/2] w-full flex-col items-center justify-center gap-1 rounded-lg border border-dashed border-slate-300 bg-slate-50 p-2 text-center text-xs text-slate-500">
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="1.5">
          <rect x="3" y="5" width="18" height="14" rx="2" />
          <path d="m3 16 5-5 4 4 3-3 6 6" />
        </svg>
        <span>{url ? `${side} image could not be loaded` : `No ${side.toLowerCase()} image`}</span>
      </div>
    );
  }
  return <img src={url} alt={alt} loading="lazy" onError={() => setBroken(true)} className="aspect-[3/2] w-full rounded-lg border border-slate-200 bg-slate-50 object-cover" />;
}
