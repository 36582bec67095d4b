import { FormCard } from '../../components/ui/form-card';
import { ContactForm } from '../../features/contact/contact-form';

const SUPPORT_EMAIL = 'support@apotheca.test';

// Drawn inline so that no icon is fetched from another site.
const SOCIAL = [
  { name: 'Facebook', path: 'M14 8h3V4h-3c-2.8 0-4 1.9-4 4.3V10H7v4h3v8h4v-8h3l1-4h-4V8.6c0-.4.3-.6.6-.6z' },
  { name: 'X', path: 'M4 4l7 9.2L4.4 20H6l5.8-5.8L16 20h4l-7.3-9.6L19 4h-1.6l-5.4 5.4L8 4z' },
  {
    name: 'Instagram',
    path: 'M8 3h8a5 5 0 0 1 5 5v8a5 5 0 0 1-5 5H8a5 5 0 0 1-5-5V8a5 5 0 0 1 5-5zm0 2a3 3 0 0 0-3 3v8a3 3 0 0 0 3 3h8a3 3 0 0 0 3-3V8a3 3 0 0 0-3-3zm4 3.5a3.5 3.5 0 1 1 0 7 3.5 3.5 0 0 1 0-7zm0 2a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3zM17 6a1 1 0 1 1 0 2 1 1 0 0 1 0-2z',
  },
  {
    name: 'LinkedIn',
    path: 'M5 3a2 2 0 1 1 0 4 2 2 0 0 1 0-4zM3 9h4v12H3zm7 0h4v1.7c.6-1 1.9-2 3.8-2 3.2 0 4.2 2 4.2 5.2V21h-4v-6.3c0-1.5-.3-2.7-1.8-2.7s-2.2 1.1-2.2 2.7V21h-4z',
  },
];

export default function ContactPage() {
  return (
    <FormCard
      wide
      title="Contact us"
      subtitle="Questions about a medicine or an order? Write to us and a pharmacist will answer."
      footer={
        <div className="flex flex-wrap items-center justify-between gap-4">
          <p>
            Or e-mail us at{' '}
            <a href={`mailto:${SUPPORT_EMAIL}`} className="font-semibold text-brand-700 hover:text-brand-900">
              {SUPPORT_EMAIL}
            </a>
          </p>
          <ul className="flex gap-3" aria-label="Social media">
            {SOCIAL.map((icon) => (
              <li key={icon.name}>
                <span
                  role="img"
                  aria-label={icon.name}
                  className="flex size-9 items-center justify-center rounded-full bg-brand-50 text-brand-800"
                >
                  <svg viewBox="0 0 24 24" className="size-5" fill="currentColor" aria-hidden="true">
                    <path d={icon.path} />
                  </svg>
                </span>
              </li>
            ))}
          </ul>
        </div>
      }
    >
      <ContactForm />
    </FormCard>
  );
}
