/** Placeholder of a route from the spec's route map whose capability is not built yet. */
export function ComingSoon({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <section className="container coming-soon">
      <h1>{title}</h1>
      <p>This part of the product is coming soon.</p>
      {children}
    </section>
  );
}
