import { NotFoundView } from '@web/components/ui/NotFoundView';

export default function NotFound() {
  return <NotFoundView />;
}
