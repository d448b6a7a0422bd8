/** The company's mark: a water drop over a foundation line. Decorative; the name is beside it. */
export function BrandMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 40 40" aria-hidden="true" className={className}>
      <rect width="40" height="40" rx="10" fill="#0b3a5b" />
      <path
        d="M20 7c5 6.5 8.5 11.2 8.5 15.3a8.5 8.5 0 0 1-17 0C11.5 18.2 15 13.5 20 7Z"
        fill="#3b9ad9"
      />
      <path
        d="M16.5 22.5a3.8 3.8 0 0 0 3.8 3.8"
        stroke="#fff"
        strokeWidth="2"
        strokeLinecap="round"
        fill="none"
      />
      <path d="M8 33h24" stroke="#f59e0b" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}
