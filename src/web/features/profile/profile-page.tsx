import { usePageTitle } from '../../components/use-page-title';
import { AdvertCard } from './advert-card';
import { PersonalDataCard } from './personal-data-card';
import { PhotosCard } from './photos-card';
import { QuizCard } from './quiz-card';

/** /perfil (specification §2 "Perfil"): personal data, photos, the advert and the quiz answers. */
export function ProfilePage() {
  usePageTitle('Mi perfil');
  return (
    <section className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-10">
      <h1 className="text-3xl font-bold">Mi perfil</h1>
      <PersonalDataCard />
      <PhotosCard />
      <AdvertCard />
      <QuizCard />
    </section>
  );
}
