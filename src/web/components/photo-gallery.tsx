import useEmblaCarousel from 'embla-carousel-react';
import type { KeyboardEvent, ReactNode } from 'react';
import { PersonPhoto, PhotoPlaceholder, type PhotoSource } from './person-photo';
import { CarouselControls, useSelectedSlide } from './ui/carousel-controls';

/**
 * All of a person's approved photos: swipe on a phone, arrows and dots elsewhere (the WAI-ARIA
 * carousel pattern, as the landing's event carousel). `overlay` lies over every slide (the
 * visitors' invitation to sign up).
 */
export function PhotoGallery({
  photos,
  name,
  sizes,
  overlay,
}: {
  photos: (PhotoSource & { id: number })[];
  name: string;
  sizes: string;
  overlay?: ReactNode;
}) {
  const [viewportRef, embla] = useEmblaCarousel();
  const selected = useSelectedSlide(embla);

  if (photos.length === 0) {
    return <PhotoPlaceholder className="aspect-[4/3] w-full rounded-2xl" />;
  }
  const several = photos.length > 1;

  function moveWithArrowKeys(event: KeyboardEvent) {
    if (event.key === 'ArrowLeft') embla?.scrollPrev();
    else if (event.key === 'ArrowRight') embla?.scrollNext();
  }

  return (
    <section
      aria-roledescription="carrusel"
      aria-label={`Fotos de ${name}`}
      className="relative"
      onKeyDown={moveWithArrowKeys}
    >
      <div ref={viewportRef} className="overflow-hidden rounded-2xl">
        <div className="flex touch-pan-y">
          {photos.map((photo, index) => (
            // biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel pattern makes each slide a group; a fieldset is for form controls.
            <div
              key={photo.id}
              role="group"
              aria-roledescription="diapositiva"
              aria-label={`Foto ${index + 1} de ${photos.length}`}
              inert={index !== selected}
              className="relative min-w-0 shrink-0 grow-0 basis-full"
            >
              <PersonPhoto
                photo={photo}
                alt={`Foto ${index + 1} de ${name}`}
                sizes={sizes}
                eager={index === 0}
                className="aspect-[4/5] w-full"
              />
              {overlay}
            </div>
          ))}
        </div>
      </div>
      {several ? (
        <CarouselControls
          className="mt-3"
          count={photos.length}
          selected={selected}
          onPrevious={() => embla?.scrollPrev()}
          onNext={() => embla?.scrollNext()}
          onSelect={(index) => embla?.scrollTo(index)}
          previousLabel="Foto anterior"
          nextLabel="Foto siguiente"
          dotLabel={(index) => `Ver la foto ${index + 1}`}
          stopAtEnds
        />
      ) : null}
    </section>
  );
}
