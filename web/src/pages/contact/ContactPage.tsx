import { ContactPage as Contact } from '../../features/content/ContactPage';
import '../../features/directory/directory.css';

export default function ContactPage() {
  return <Contact />;
}
