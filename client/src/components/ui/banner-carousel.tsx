import Autoplay from 'embla-carousel-autoplay';
import useEmblaCarousel from 'embla-carousel-react';
import { useCallback, useEffect, useState } from 'react';

export type BannerSlide = { src: string; alt: string; title: string; text: string };

type Props = {
  slides: readonly BannerSlide[];
  label: string;
  autoplayMs: number;
  /** Pixels a pointer must travel before it drags the carousel instead of clicking. */
  minDragPx: number;
};

/** A looping banner carousel, one slide at a time at every width, with arrows, dots and swipe. */
export function BannerCarousel({ slides, label, autoplayMs, minDragPx }: Props) {
  // The carousel starts moving in a task of its own after hydration: measuring its slides is the
  // largest piece of work on the catalogue page, and the first slide is on screen without it.
  const [moving, setMoving] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setMoving(true), 0);
    return () => clearTimeout(timer);
  }, []);
  const [viewportRef, embla] = useEmblaCarousel({ loop: true, slidesToScroll: 1, dragThreshold: minDragPx }, [
    Autoplay({ delay: autoplayMs, stopOnInteraction: false, stopOnMouseEnter: true }),
  ]);
  const [selected, setSelected] = useState(0);

  useEffect(() => {
    if (!embla) return;
    const onSelect = () => setSelected(embla.selectedScrollSnap());
    embla.on('select', onSelect);
    return () => {
      embla.off('select', onSelect);
    };
  }, [embla]);

  const previous = useCallback(() => embla?.scrollPrev(), [embla]);
  const next = useCallback(() => embla?.scrollNext(), [embla]);
  // Arrows and dots need the script that moves the slides; without it they are not shown.
  const arrow =
    'absolute top-1/2 flex size-10 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-ink shadow-md hover:bg-white noscript:hidden';

  return (
    <section aria-roledescription="carousel" aria-label={label} className="relative">
      <div ref={moving ? viewportRef : undefined} className="overflow-hidden rounded-2xl">
        <div className="flex touch-pan-y">
          {slides.map((slide, index) => (
            <div
              key={slide.src}
              className="relative min-w-0 flex-[0_0_100%]"
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${slides.length}`}
            >
              <img
                src={slide.src}
                alt={slide.alt}
                width={1200}
                height={360}
                loading={index === 0 ? 'eager' : 'lazy'}
                fetchPriority={index === 0 ? 'high' : 'auto'}
                className="h-24 w-full object-cover sm:h-60 lg:h-72"
              />
              {/* The text keeps clear of the arrows (12 px in, 40 px wide) by its side padding and of the dots
                  (the bottom 32 px) by its bottom padding, so a title of two lines on a phone stays readable. */}
              <div className="absolute inset-0 flex flex-col justify-center gap-2 bg-gradient-to-r from-brand-900/90 via-brand-900/70 to-brand-900/10 px-16 pt-2 pb-8 text-white">
                <p className="max-w-md text-lg leading-tight font-bold sm:text-3xl">{slide.title}</p>
                <p className="hidden max-w-md text-brand-50 sm:block sm:text-base">{slide.text}</p>
              </div>
            </div>
          ))}
        </div>
      </div>
      <button type="button" onClick={previous} className={`${arrow} left-3`} aria-label="Previous slide">
        <svg viewBox="0 0 20 20" className="size-5" aria-hidden="true">
          <path d="M12.5 4.5 7 10l5.5 5.5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
      <button type="button" onClick={next} className={`${arrow} right-3`} aria-label="Next slide">
        <svg viewBox="0 0 20 20" className="size-5" aria-hidden="true">
          <path d="M7.5 4.5 13 10l-5.5 5.5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
      <div className="absolute inset-x-0 bottom-2 flex justify-center gap-1 noscript:hidden">
        {slides.map((slide, index) => (
          <button
            key={slide.src}
            type="button"
            aria-label={`Go to slide ${index + 1}`}
            aria-current={index === selected ? 'true' : undefined}
            onClick={() => embla?.scrollTo(index)}
            className="flex h-6 min-w-6 items-center justify-center"
          >
            <span
              className={`block h-2.5 rounded-full transition-all ${index === selected ? 'w-6 bg-white' : 'w-2.5 bg-white/60'}`}
            />
          </button>
        ))}
      </div>
    </section>
  );
}
