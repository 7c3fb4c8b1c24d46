// The print pages' two outbound buttons: account registration and the external API documentation,
// both in a new tab.
import { ExternalButtonLink } from '../../../components/ui/button';
import { siteConfig } from '../../../lib/site-config';
import { Icon } from './icon';

export function PrintApiActions({ tone = 'hero' }: { tone?: 'hero' | 'light' }) {
  const hero = tone === 'hero';
  return (
    <>
      <ExternalButtonLink
        href={siteConfig.links.register}
        size="lg"
        variant={hero ? 'accent' : 'primary'}
      >
        Create Free Account
        <Icon name="arrowRight" className="h-5 w-5" />
      </ExternalButtonLink>
      <ExternalButtonLink
        href={siteConfig.links.apiDocs}
        size="lg"
        variant={hero ? 'glass' : 'secondary'}
      >
        <Icon name="book" className="h-5 w-5" />
        View API Docs
      </ExternalButtonLink>
    </>
  );
}
