export function DevBadge({ show }: { show: boolean }) {
  return show ? (
    <p className="center">
      <span className="badge-dev">DEV MODE</span>
    </p>
  ) : null;
}
