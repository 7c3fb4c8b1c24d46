// /print/docs: the way out to the external API documentation (new tab) and back to /print.
import { ButtonLink, ExternalButtonLink } from '../components/ui/button';
import { FeatureGrid, HeroBadge, Icon, PageHero, Section } from '../features/site';
import { siteConfig } from '../lib/site-config';

export default function PrintDocsPage() {
  return (
    <>
      <PageHero
        badge={<HeroBadge>API Documentation</HeroBadge>}
        title="Print & Mail API documentation"
        actions={
          <>
            <ExternalButtonLink href={siteConfig.links.apiDocs} size="lg" variant="accent">
              <Icon name="book" className="h-5 w-5" />
              Open API Documentation
            </ExternalButtonLink>
            <ButtonLink to="/print" size="lg" variant="glass">
              <Icon name="arrowLeft" className="h-5 w-5" />
              Back to Print API
            </ButtonLink>
          </>
        }
      >
        <p>Our full reference lives on its own documentation site, with every endpoint, field and response, and examples you can copy.</p>
      </PageHero>
      <Section eyebrow="What you'll find" title="Inside the documentation" tone="muted">
        <FeatureGrid
          columns={4}
          features={[
            { title: 'Authentication', icon: 'shield', description: 'Create API keys and sign your requests.' },
            { title: 'Postcards', icon: 'mail', description: 'Front, Back, Size and the rest of the postcard request.' },
            { title: 'Letters', icon: 'document', description: 'Templates, PostalClass and multi-page letters.' },
            { title: 'Testing with DryRun', icon: 'code', description: 'Render real proofs without mailing or charges.' },
          ]}
        />
      </Section>
    </>
  );
}
