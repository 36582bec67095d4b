import { useEffect, useState, type ReactNode } from 'react';

type Props = {
  images: readonly { src: string; alt: string }[];
  intervalMs: number;
  fadeMs: number;
  children: ReactNode;
};

/** Images that take turns behind a headline, each fading into the next. */
export function FadeBanner({ images, intervalMs, fadeMs, children }: Props) {
  const [shown, setShown] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setShown((index) => (index + 1) % images.length), intervalMs);
    return () => clearInterval(timer);
  }, [images.length, intervalMs]);

  return (
    <div className="relative isolate overflow-hidden rounded-3xl bg-brand-800">
      {images.map((image, index) => (
        <img
          key={image.src}
          src={image.src}
          alt={index === shown ? image.alt : ''}
          aria-hidden={index === shown ? undefined : true}
          width={1200}
          height={640}
          loading="lazy"
          // Set through the DOM, not a style attribute: server-rendered HTML carries no inline style, which
          // the strict CSP (style-src 'self') would refuse.
          ref={(element) => {
            if (element) element.style.transitionDuration = `${fadeMs}ms`;
          }}
          className={`absolute inset-0 -z-10 size-full object-cover transition-opacity ${index === shown ? 'opacity-100' : 'opacity-0'}`}
        />
      ))}
      <div className="bg-gradient-to-r from-brand-900/90 via-brand-900/60 to-transparent">{children}</div>
    </div>
  );
}
