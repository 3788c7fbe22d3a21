import type { ComponentType } from 'react';

/** The parts of a server-rendered public page that run in the browser (decision 0026). */
export type IslandName = 'site-header' | 'event-carousel' | 'community-counters' | 'event-actions' | 'people';

/**
 * The component, with its props, inside a marker that the islands script finds: on a
 * server-rendered public page only these parts run in the browser, with Preact, and their props
 * travel as JSON in the marker. In the single-page app the marker is a box that takes no room.
 */
export function Island<Props extends object>({
  name,
  component: Component,
  props,
}: {
  name: IslandName;
  component: ComponentType<Props>;
  props: Props;
}) {
  const json = JSON.stringify(props);
  return (
    <div data-island={name} data-props={json === '{}' ? undefined : json} className="contents">
      <Component {...props} />
    </div>
  );
}
