// PLACEHOLDER (the public-site work replaces it).
import { PublicLayout } from '../app/layouts/public-layout';

export default function Page() {
  return (
    <PublicLayout>
      <section className="mx-auto max-w-6xl px-4 py-16">
        <h1 className="text-3xl font-bold">Pricing</h1>
      </section>
    </PublicLayout>
  );
}
