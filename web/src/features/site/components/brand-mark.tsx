// The logo: an envelope tile and the company name from the site configuration.
import { siteConfig } from '../../../lib/site-config';

export function BrandMark({ inverse = false }: { inverse?: boolean }) {
  return (
    <span className="flex items-center gap-2">
      <svg aria-hidden="true" viewBox="0 0 64 64" className="h-8 w-8 shrink-0">
        <rect width="64" height="64" rx="14" fill={inverse ? '#ffffff' : '#1d4ed8'} />
        <path d="M14 20h36v24H14z" fill={inverse ? '#1d4ed8' : '#ffffff'} />
        <path d="M14 20l18 14 18-14" fill="none" stroke={inverse ? '#ffffff' : '#1d4ed8'} strokeWidth="4" strokeLinejoin="round" />
      </svg>
      <span className={`text-lg font-extrabold tracking-tight ${inverse ? 'text-white' : 'text-slate-900'}`}>{siteConfig.companyName}</span>
    </span>
  );
}
