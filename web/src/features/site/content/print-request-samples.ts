// The print API's request shapes, shown as code on the print pages.
// They are marketing samples: the fields are the spec's, the values are illustrations.
const address = (name: string, line1: string, city: string, state: string, zip: string) => ({
  Name: name,
  AddressLine1: line1,
  City: city,
  State: state,
  Zip: zip,
});

const to = address('Jane Rivera', '742 Evergreen Terrace', 'Springfield', 'IL', '62704');
const from = address('Acme Home Services', '1200 Market Street', 'Chicago', 'IL', '60607');

export const POSTCARD_REQUEST_SAMPLE = JSON.stringify(
  {
    Front: '<html><body><h1>Hi {{first_name}}, spring tune-ups are 20% off</h1></body></html>',
    Back: '<html><body><img src="{{qr_code}}" alt=""><p>Scan to book: {{purl}}</p></body></html>',
    WaitForRender: true,
    VariablePayload: { first_name: 'Jane', purl: 'acme.example/jane', offer_code: 'SPRING20' },
    Description: 'Spring tune-up campaign',
    Size: '4x6',
    DryRun: true,
    To: to,
    From: from,
  },
  null,
  2,
);

export const LETTER_REQUEST_SAMPLE = JSON.stringify(
  {
    Template: 'tmpl_welcome_letter',
    WaitForRender: true,
    VariablePayload: { first_name: 'Jane', loan_officer: 'Sam Patel', rate: '6.125%' },
    Description: 'Welcome letter',
    Size: '8.5x11',
    PostalClass: 'FirstClass',
    DryRun: true,
    To: to,
    From: from,
  },
  null,
  2,
);
