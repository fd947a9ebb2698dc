import { MSG } from "~/domain/messages";

/**
 * After a page waiting for the provider stopped reloading by itself (domain/status-refresh): one
 * more look, as a plain GET form that works without JavaScript.
 */
export function StatusCheck({ action, fields }: { action: string; fields: [string, string][] }) {
  return (
    <form method="get" action={action} className="status-check">
      <p>{MSG.statusCheckHint}</p>
      {fields.map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" className="button">
        {MSG.statusCheck}
      </button>
    </form>
  );
}
