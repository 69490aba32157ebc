import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import AppsIcon from '@mui/icons-material/Apps';
import ArticleIcon from '@mui/icons-material/Article';
import BarChartIcon from '@mui/icons-material/BarChart';
import CampaignIcon from '@mui/icons-material/Campaign';
import CategoryIcon from '@mui/icons-material/Category';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import DashboardIcon from '@mui/icons-material/Dashboard';
import DescriptionIcon from '@mui/icons-material/Description';
import EmailIcon from '@mui/icons-material/Email';
import FolderIcon from '@mui/icons-material/Folder';
import GavelIcon from '@mui/icons-material/Gavel';
import HelpOutlineIcon from '@mui/icons-material/HelpOutlineOutlined';
import HomeIcon from '@mui/icons-material/Home';
import LanguageIcon from '@mui/icons-material/Language';
import LinkIcon from '@mui/icons-material/Link';
import LocalOfferIcon from '@mui/icons-material/LocalOffer';
import NotificationsIcon from '@mui/icons-material/Notifications';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import PaletteIcon from '@mui/icons-material/Palette';
import PeopleIcon from '@mui/icons-material/People';
import PersonIcon from '@mui/icons-material/Person';
import PhotoLibraryIcon from '@mui/icons-material/PhotoLibrary';
import PollIcon from '@mui/icons-material/Poll';
import QuizIcon from '@mui/icons-material/Quiz';
import ScheduleIcon from '@mui/icons-material/Schedule';
import SendIcon from '@mui/icons-material/Send';
import SettingsIcon from '@mui/icons-material/Settings';
import SpeedIcon from '@mui/icons-material/Speed';
import VideoLibraryIcon from '@mui/icons-material/VideoLibrary';
import ViewQuiltIcon from '@mui/icons-material/ViewQuilt';
import type { MenuIconName } from '../../common/menu-icons';

/*
 * Menu items name their icon by its MUI name. Importing the whole icon set would weigh megabytes,
 * so the menus pick from this set (MENU_ICON_NAMES, which schemas are checked against); an unknown
 * name falls back to a chevron.
 */
const icons: Record<MenuIconName, typeof DashboardIcon> = {
  AccountCircle: AccountCircleIcon,
  AdminPanelSettings: AdminPanelSettingsIcon,
  Apps: AppsIcon,
  Article: ArticleIcon,
  BarChart: BarChartIcon,
  Campaign: CampaignIcon,
  Category: CategoryIcon,
  Dashboard: DashboardIcon,
  Description: DescriptionIcon,
  Email: EmailIcon,
  Folder: FolderIcon,
  Gavel: GavelIcon,
  Help: HelpOutlineIcon,
  HelpOutline: HelpOutlineIcon,
  Home: HomeIcon,
  Language: LanguageIcon,
  Link: LinkIcon,
  LocalOffer: LocalOfferIcon,
  Notifications: NotificationsIcon,
  OpenInNew: OpenInNewIcon,
  Palette: PaletteIcon,
  People: PeopleIcon,
  Person: PersonIcon,
  PhotoLibrary: PhotoLibraryIcon,
  Poll: PollIcon,
  Quiz: QuizIcon,
  Schedule: ScheduleIcon,
  Send: SendIcon,
  Settings: SettingsIcon,
  Speed: SpeedIcon,
  VideoLibrary: VideoLibraryIcon,
  ViewQuilt: ViewQuiltIcon,
};

export function MenuIcon({ name }: { name: string | null }) {
  const Icon = (name && icons[name as MenuIconName]) || ChevronRightIcon;
  return <Icon aria-hidden />;
}
