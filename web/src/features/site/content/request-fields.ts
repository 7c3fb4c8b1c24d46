// What each field of the print API's request shapes does, for the postcard and letter pages.
const COMMON = {
  WaitForRender: 'Wait for the proof to render before answering, so you get its preview straight back.',
  VariablePayload: 'Key/value pairs merged into your design: names, offer codes, personalised URLs.',
  Description: 'Your own label for the piece, shown in reports.',
  DryRun: 'Validate and render without printing, mailing or charging. Perfect for testing.',
  To: 'Recipient: Name, AddressLine1, City, State and Zip. Invalid addresses are never charged.',
  From: 'Return address, in the same shape as To.',
};

export const POSTCARD_FIELDS = [
  { name: 'Front', description: 'HTML5 + CSS3 (or a PDF at 300 DPI) for the picture side.' },
  { name: 'Back', description: 'The address side: your message, QR code and call to action.' },
  { name: 'WaitForRender', description: COMMON.WaitForRender },
  { name: 'VariablePayload', description: COMMON.VariablePayload },
  { name: 'Description', description: COMMON.Description },
  { name: 'Size', description: 'Postcard size, for example 4x6 or 6x9.' },
  { name: 'DryRun', description: COMMON.DryRun },
  { name: 'To', description: COMMON.To },
  { name: 'From', description: COMMON.From },
];

export const LETTER_FIELDS = [
  { name: 'Template', description: 'The saved letter template to print; pages follow its layout.' },
  { name: 'WaitForRender', description: COMMON.WaitForRender },
  { name: 'VariablePayload', description: COMMON.VariablePayload },
  { name: 'Description', description: COMMON.Description },
  { name: 'Size', description: 'Letter size: 8.5x11 or 8.5x14.' },
  { name: 'PostalClass', description: 'FirstClass for 2-3 business days, or Standard for the lowest price.' },
  { name: 'DryRun', description: COMMON.DryRun },
  { name: 'To', description: COMMON.To },
  { name: 'From', description: COMMON.From },
];
