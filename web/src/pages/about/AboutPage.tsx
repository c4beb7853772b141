import { AboutUs } from '../../features/content/AboutUs';
import '../../features/directory/directory.css';

export default function AboutPage() {
  return <AboutUs />;
}
