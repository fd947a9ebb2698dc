import type { GuestBrief as Brief, GuestRow } from "~/domain/guests";

/**
 * What staff need of a party's guests (issue #32 §3): who comes, allergies per child, and the
 * children who may not be photographed. The booking page adds every answer (`rows`).
 */
export function GuestBrief({ brief, rows }: { brief: Brief; rows?: readonly GuestRow[] }) {
  return (
    <div className="guest-brief">
      <p>
        Gäste: {brief.coming.length} zugesagt{brief.waiting > 0 ? `, ${brief.waiting} auf der Warteliste` : ""}.
      </p>
      {brief.allergies.length > 0 ? (
        <>
          <p>
            <strong>Allergien der Gäste:</strong>
          </p>
          <ul className="systems">
            {brief.allergies.map((a) => (
              <li key={`${a.child}-${a.text}`}>
                {a.child}: {a.text}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <p>
        <strong>Nicht fotografieren:</strong> {brief.noPhotos.length > 0 ? brief.noPhotos.join(", ") : "–"}
      </p>
      {rows && rows.length > 0 ? (
        <details>
          <summary>Alle Antworten ({rows.length})</summary>
          <ul className="guest-list">
            {rows.map((g) => (
              <li key={g.id}>
                <strong>{g.childName}</strong>: {[g.answer, g.meals, g.photo && `Fotos: ${g.photo}`, g.phone].filter(Boolean).join(" · ")}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </div>
  );
}
