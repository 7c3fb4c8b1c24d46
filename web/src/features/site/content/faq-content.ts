// The FAQ's five groups, answered from the product facts and nothing else.
export interface FaqGroup {
  title: string;
  items: { question: string; answer: string }[];
}

export const FAQ_GROUPS: FaqGroup[] = [
  {
    title: 'Getting Started',
    items: [
      {
        question: 'How do I start sending mail through the API?',
        answer: 'Create a free account to get your API keys, upload an HTML or PDF design, and send one request per postcard or letter. Set DryRun while you build so nothing is mailed or charged.',
      },
      {
        question: 'Is there a minimum order?',
        answer: 'No. You can mail a single piece or a million. There are no minimums and no setup fees.',
      },
      {
        question: 'Can I see the print quality first?',
        answer: 'Yes. Request a free sample pack of postcards and letters and it will reach you in 3-5 business days.',
      },
    ],
  },
  {
    title: 'Pricing & Billing',
    items: [
      {
        question: 'What does a piece cost?',
        answer: 'Prices include printing and postage and fall as your monthly volume grows: a First Class 4x6 postcard is $0.680 up to 1,999 pieces a month and $0.590 from 10,000. Letters start at $0.66 with Standard Mail.',
      },
      {
        question: 'When am I charged?',
        answer: 'Only when your pieces are submitted to USPS. DryRun calls are free, and addresses that fail verification are never charged.',
      },
      {
        question: 'Do you offer volume pricing?',
        answer: 'Yes. Tiers step down at 2,000, 5,000 and 10,000 pieces a month, and above 100,000 pieces a month we build custom pricing with you.',
      },
    ],
  },
  {
    title: 'Technical Integration',
    items: [
      {
        question: 'What design formats can I send?',
        answer: 'HTML5 with CSS3 templates, or print-ready PDFs at 300 DPI. Merge fields in your design are filled from the VariablePayload of each request.',
      },
      {
        question: 'How do I test without mailing anything?',
        answer: 'Set DryRun to true. The call is validated and rendered exactly as a live one, but nothing is printed, mailed or charged.',
      },
      {
        question: 'How is a letter request different from a postcard request?',
        answer: 'A postcard sends Front and Back designs; a letter names a saved Template instead and adds a PostalClass such as FirstClass. Both take To and From addresses.',
      },
    ],
  },
  {
    title: 'Mail Specifications',
    items: [
      {
        question: 'Which postcard sizes and stock do you offer?',
        answer: '4.25x6 and 6x9 postcards on 110 lb film laminated stock with UV coating, printed in full colour on both sides. Duplex printing is free.',
      },
      {
        question: 'Which letter sizes do you offer?',
        answer: '8.5x11 and 8.5x14 letters on 28 lb stock, with envelopes included. Additional pages cost from $0.09 to $0.12 each depending on your volume.',
      },
      {
        question: 'How long does delivery take?',
        answer: 'First Class mail arrives in 2-3 business days. Standard Mail takes 5-10 business days and costs less.',
      },
    ],
  },
  {
    title: 'Support & Reliability',
    items: [
      {
        question: 'How reliable is the platform?',
        answer: 'Our platform runs with 99.9% uptime, and we have been printing and mailing since 1989.',
      },
      {
        question: 'What support is included?',
        answer: 'Every account gets email support. From 2,000 pieces a month you also get phone support 8 hours a day, 5 days a week, and from 10,000 pieces a month phone support 24x7.',
      },
      {
        question: 'Where can I find the API reference?',
        answer: 'The API documentation covers every endpoint and field, with examples for postcards and letters.',
      },
    ],
  },
];
