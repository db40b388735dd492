/** Marks every admin header so the area is never mistaken for the user app. */
export function AdminBadge() {
  return (
    <span className="rounded-md bg-amber-400 px-2 py-0.5 text-xs font-extrabold tracking-wider text-amber-950 uppercase">
      Admin
    </span>
  );
}
