export function Logo({ className = '' }: { className?: string }) {
  return (
    <span className={`inline-flex items-center gap-2 font-extrabold tracking-wide ${className}`} dir="ltr">
      <svg viewBox="0 0 64 64" width="36" height="36" aria-hidden="true">
        <rect width="64" height="64" rx="14" fill="#1f3b57" />
        <path d="M14 34 32 18l18 16v16H38V38H26v12H14z" fill="#f2b84b" />
      </svg>
      <span className="text-xl">LINK</span>
    </span>
  );
}
