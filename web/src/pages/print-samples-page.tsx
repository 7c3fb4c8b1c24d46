// /print/samples: the Free Samples hero, what is in the pack, and the request form.
import { buttonClasses } from '../components/ui/button';
import { CheckList, FeatureGrid, HeroBadge, Icon, PageHero, Section } from '../features/site';
import { SampleRequestForm } from '../features/samples';

export default function PrintSamplesPage() {
  return (
    <>
      <PageHero
        badge={
          <HeroBadge>
            <Icon name="gift" className="h-4 w-4" />
            Free Samples
          </HeroBadge>
        }
        title="Feel the quality before you send a single piece"
        actions={
          <a href="#request-samples" className={buttonClasses('accent', 'lg')}>
            Request Your Free Sample Pack
          </a>
        }
        footnote={
          <p className="inline-flex items-center gap-2">
            <Icon name="truck" className="h-5 w-5" /> Delivered in 3-5 business days, free of charge
          </p>
        }
        aside={<img src="/illustrations/sample-pack.svg" width={520} height={420} alt="A sample pack of two postcards and a letter" className="mx-auto w-full max-w-md" />}
      >
        <p>Get a free sample pack of our postcards and letters: the stock, the finish and the print quality your customers will hold.</p>
      </PageHero>

      <Section eyebrow="What's inside" title="Everything we print, in your hands" tone="muted">
        <FeatureGrid
          columns={2}
          features={[
            {
              title: 'Postcard samples',
              icon: 'mail',
              description: (
                <CheckList items={['4.25x6 and 6x9 sizes', '110 lb film laminated stock', 'Four-over-four printing', 'Die cut rounded corners']} />
              ),
            },
            {
              title: 'Letter samples',
              icon: 'document',
              description: <CheckList items={['8.5x11 and 8.5x14', 'Professional paper', 'Full-color', 'Single and multi-page']} />,
            },
          ]}
        />
      </Section>

      <Section
        id="request-samples"
        eyebrow="Request samples"
        title="Where should we send your pack?"
        intro="Fields marked * are required. We only use your address to mail your samples."
      >
        <div className="mx-auto max-w-3xl rounded-3xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-10">
          <SampleRequestForm />
        </div>
      </Section>
    </>
  );
}
