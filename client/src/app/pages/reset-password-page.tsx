/** Placeholder until the storefront and admin issues fill this screen. */
export default function ResetPasswordPage() {
  return (
    <section className="mx-auto max-w-7xl px-4 py-10">
      <h1 className="text-2xl font-bold">Reset password</h1>
    </section>
  );
}
