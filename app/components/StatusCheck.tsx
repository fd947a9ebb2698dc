import { MSG } from "~/domain/messages";

/**
 * After a page waiting for the provider stopped reloading by itself (domain/status-refresh): one
 * more look, as a plain GET form that works without JavaScript. A family page passes its words
 * (namespace `payment`); the manage page's balance payment keeps the German ones.
 */
export function StatusCheck({
  action,
  fields,
  hint = MSG.statusCheckHint,
  label = MSG.statusCheck,
}: {
  action: string;
  fields: [string, string][];
  hint?: string;
  label?: string;
}) {
  return (
    <form method="get" action={action} className="status-check">
      <p>{hint}</p>
      {fields.map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" className="button">
        {label}
      </button>
    </form>
  );
}
