/**
 * `Mo-Di geschlossen, Mi-So 10:00-22:00` with each day range kept on one line: a phone's narrow
 * screen breaks only between the ranges, never inside `10:00-22:00`.
 */
export function OpeningHours({ text }: { text: string }) {
  const parts = text.split(", ");
  return (
    <>
      {parts.map((part, i) => (
        <span key={i}>
          <span className="nowrap">{part}</span>
          {i < parts.length - 1 ? ", " : null}
        </span>
      ))}
    </>
  );
}
