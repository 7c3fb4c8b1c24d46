// PLACEHOLDER (replaced by the admin work).
export default function Page() {
  return (
    <main className="mx-auto max-w-6xl px-4 py-16">
      <h1 className="text-3xl font-bold">Lead dashboard</h1>
    </main>
  );
}
