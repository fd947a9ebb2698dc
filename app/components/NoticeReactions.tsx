/** One family told that the venue cannot hold its booking (a closure or changed hours), and what it did since. */
export type NoticeReactionRow = { code: string; name: string; phone: string; noticedAt: string; reaction: string; open: boolean };

/** Who was told and who has reacted (issue #29 §3): the closures page and the opening hours page. */
export function NoticeReactions({ reactions }: { reactions: NoticeReactionRow[] }) {
  if (reactions.length === 0) return null;
  return (
    <table className="day-table">
      <caption>
        Benachrichtigt: {reactions.filter((n) => !n.open).length} von {reactions.length} haben reagiert
      </caption>
      <thead>
        <tr>
          <th scope="col">Buchungscode</th>
          <th scope="col">Name</th>
          <th scope="col">Benachrichtigt</th>
          <th scope="col">Reaktion</th>
        </tr>
      </thead>
      <tbody>
        {reactions.map((n) => (
          <tr key={n.code}>
            <td data-label="Buchungscode">
              <a href={`/admin/buchungen/${encodeURIComponent(n.code)}`}>{n.code}</a>
            </td>
            <td data-label="Name">
              {n.name}
              <br />
              <a href={`tel:${n.phone.replace(/[^+\d]/g, "")}`} className="muted phone nowrap">
                {n.phone}
              </a>
            </td>
            <td data-label="Benachrichtigt">{n.noticedAt}</td>
            <td data-label="Reaktion">{n.open ? <strong>{n.reaction}</strong> : n.reaction}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
