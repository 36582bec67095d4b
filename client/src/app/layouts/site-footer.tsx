export function SiteFooter() {
  return (
    <footer className="mt-auto border-t border-slate-200 bg-white">
      <div className="mx-auto max-w-7xl px-4 py-6 text-center text-sm text-muted">
        © {new Date().getFullYear()} Apotheca. All rights reserved.
      </div>
    </footer>
  );
}
