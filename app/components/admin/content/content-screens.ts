import { href } from "react-router";

/** The screens of /admin/content, in the order the navigation lists them. */
export const CONTENT_SCREENS = [
  {
    path: href("/admin/content/home"),
    label: "Home",
    description: "The site's name, texts, logo, president, and contact and social links.",
  },
  { path: href("/admin/content/goals"), label: "Goals", description: "The “Our Goals” cards on the home page, in order." },
  { path: href("/admin/content/team"), label: "Team", description: "The “Our Team” cards: names, titles, photos and duties." },
  {
    path: href("/admin/content/collaborators"),
    label: "Collaborators",
    description: "The “Our Collaborator” cards: partners' names, logos and links.",
  },
  {
    path: href("/admin/content/resources"),
    label: "Resources",
    description: "The resource cards and the Resources menu: shared folders of notes and books.",
  },
  {
    path: href("/admin/content/galleries"),
    label: "Galleries",
    description: "The events' and activities' photo galleries, and the Explore SMC photos.",
  },
] as const;
