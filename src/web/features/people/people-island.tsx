import { IslandQueryClient } from '../../components/islands/island-query-client';
import { PeopleBrowser } from './people-page';

/** The visitors' /personas as an island: its first page comes from the page's own data. */
export function PeopleIsland() {
  return (
    <IslandQueryClient>
      <PeopleBrowser />
    </IslandQueryClient>
  );
}
