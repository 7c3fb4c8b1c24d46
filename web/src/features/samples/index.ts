// The print-sample request: its form and the thank-you text of the no-script answer page.
export { SampleRequestForm } from './sample-request-form';
export { SAMPLE_THANK_YOU_DESCRIPTION, SampleThankYouText } from './sample-thank-you-text';
