import type { EmblaCarouselType } from 'embla-carousel';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useEffect, useState } from 'react';

/** The index of the slide an Embla carousel shows, kept up to date as it moves. */
export function useSelectedSlide(embla: EmblaCarouselType | undefined): number {
  const [selected, setSelected] = useState(0);
  useEffect(() => {
    if (!embla) return;
    const onSelect = () => setSelected(embla.selectedScrollSnap());
    onSelect();
    embla.on('select', onSelect).on('reInit', onSelect);
    return () => {
      embla.off('select', onSelect).off('reInit', onSelect);
    };
  }, [embla]);
  return selected;
}

interface CarouselControlsProps {
  count: number;
  selected: number;
  onPrevious: () => void;
  onNext: () => void;
  onSelect: (index: number) => void;
  previousLabel: string;
  nextLabel: string;
  /** The accessible name of the dot that shows slide `index`. */
  dotLabel: (index: number) => string;
  /** A gallery stops at its ends; a looping carousel never disables its arrows. */
  stopAtEnds?: boolean;
  className?: string;
}

/** Previous / next arrows and one dot per slide under a carousel (the landing's, a gallery). */
export function CarouselControls({
  count,
  selected,
  onPrevious,
  onNext,
  onSelect,
  previousLabel,
  nextLabel,
  dotLabel,
  stopAtEnds = false,
  className = '',
}: CarouselControlsProps) {
  const arrow =
    'rounded-full bg-white p-2 text-ink shadow-sm ring-1 ring-black/10 hover:text-accent disabled:opacity-40';
  return (
    <div className={`flex items-center justify-between gap-3 ${className}`}>
      <button
        type="button"
        onClick={onPrevious}
        disabled={stopAtEnds && selected === 0}
        aria-label={previousLabel}
        className={arrow}
      >
        <ChevronLeft className="size-5" aria-hidden />
      </button>
      <div className="flex flex-wrap justify-center gap-1">
        {Array.from({ length: count }, (_, index) => (
          <button
            // biome-ignore lint/suspicious/noArrayIndexKey: one dot per slide position
            key={index}
            type="button"
            onClick={() => onSelect(index)}
            aria-label={dotLabel(index)}
            aria-current={index === selected}
            className="grid size-6 place-items-center"
          >
            <span
              className={`block h-2 rounded-full transition-all ${index === selected ? 'w-5 bg-accent' : 'w-2 bg-black/20'}`}
            />
          </button>
        ))}
      </div>
      <button
        type="button"
        onClick={onNext}
        disabled={stopAtEnds && selected === count - 1}
        aria-label={nextLabel}
        className={arrow}
      >
        <ChevronRight className="size-5" aria-hidden />
      </button>
    </div>
  );
}
