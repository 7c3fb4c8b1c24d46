// PLACEHOLDER (replaced by the auth work).
export default function Page() {
  return (
    <main className="mx-auto max-w-6xl px-4 py-16">
      <h1 className="text-3xl font-bold">Create the first admin</h1>
    </main>
  );
}
