// Where a demo request posted without script lands (the API answers the post with 303 to here, so a reload
// never posts again): the form's Thank You wording and a way back.
import { ButtonLink } from '../components/ui/button';
import { LeadThankYouText } from '../features/leads';

export default function ThankYouPage() {
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-center px-4 py-20 text-center sm:py-28">
      <h1 className="text-4xl font-extrabold tracking-tight text-slate-900">Thank You!</h1>
      <LeadThankYouText className="mt-4 text-lg text-slate-600" />
      <ButtonLink to="/" size="lg" className="mt-8">
        Back to the home page
      </ButtonLink>
    </section>
  );
}
