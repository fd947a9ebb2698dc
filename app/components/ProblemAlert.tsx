/** A refused form's message, then each field's problem as a link to that field (extras forms, family and staff). */
export function ProblemAlert({ message, problems }: { message: string; problems: readonly { field: string; message: string }[] }) {
  return (
    <div role="alert" className="alert alert-error">
      <p>{message}</p>
      {problems.length > 0 ? (
        <ul>
          {problems.map((p) => (
            <li key={p.field}>
              <a href={`#${p.field}`}>{p.message}</a>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
