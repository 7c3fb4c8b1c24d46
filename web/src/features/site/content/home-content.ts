// Copy for the landing page's products, personalisation and use-case sections.
import type { IconName } from '../components/icon';

export interface ProductCard {
  title: string;
  description: string;
  icon: IconName;
  to: string;
  linkLabel: string;
}

export const PRODUCTS: ProductCard[] = [
  {
    title: 'Personalised Postcards',
    description: '4.25x6 and 6x9 postcards on 110 lb film laminated stock with UV coating, from $0.62 each including postage.',
    icon: 'mail',
    to: '/print/postcards',
    linkLabel: 'Explore postcards',
  },
  {
    title: 'Personalised Letters',
    description: '8.5x11 and 8.5x14 letters on 28 lb stock, envelopes included, from $0.66 each including postage.',
    icon: 'document',
    to: '/print/letters',
    linkLabel: 'Explore letters',
  },
  {
    title: 'Print & Mail API',
    description: 'Send a postcard or letter with one API call. Test freely with DryRun, then go live with no minimums.',
    icon: 'code',
    to: '/print',
    linkLabel: 'Explore the API',
  },
  {
    title: 'Mortgage Lead Generation',
    description: 'Mail that reaches homeowners at the right moment, built with lenders who have sent 250M+ pieces with us.',
    icon: 'bank',
    to: '/mortgage',
    linkLabel: 'See mortgage campaigns',
  },
  {
    title: 'USPS Informed Delivery',
    description: 'Put a full-colour preview of your piece in 58M+ households’ morning e-mail, before it reaches the mailbox.',
    icon: 'inbox',
    to: '/USPSInformedDelivery',
    linkLabel: 'See Informed Delivery',
  },
  {
    title: 'Digital Audiences',
    description: 'Follow your mail online: match your list to 1,000+ segments and reach the same people on screen.',
    icon: 'users',
    to: '/digital-audience',
    linkLabel: 'See digital audiences',
  },
];

export const PERSONALISATION = [
  {
    title: 'Personalised URLs',
    description: 'Every recipient gets a landing page of their own, so each visit tells you exactly who responded.',
  },
  {
    title: 'QR codes',
    description: 'A unique code on every piece turns a phone camera into a tracked response in one scan.',
  },
  {
    title: 'Attribution',
    description: 'Visits, calls and sales are matched back to the campaign and the piece that earned them.',
  },
  {
    title: 'CRM data integration',
    description: 'Lists flow in from your CRM and responses flow back, with no spreadsheets in between.',
  },
  {
    title: 'Variable data printing',
    description: 'Names, offers, images and maps change on every piece, printed in the same run.',
  },
];

export const USE_CASES: { title: string; description: string; icon: IconName }[] = [
  { title: 'Acquisition', description: 'Reach new households that look like your best customers, with an offer made for each.', icon: 'target' },
  { title: 'Nurture', description: 'Keep warm leads moving with timely mail that follows up where e-mail gets ignored.', icon: 'sparkles' },
  { title: 'Retargeting', description: 'Turn website visitors and abandoned carts into mail that lands within days.', icon: 'refresh' },
  { title: 'Retention', description: 'Thank, renew and win back customers with pieces that feel personal because they are.', icon: 'heart' },
];
