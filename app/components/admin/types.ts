/** A join request as the panel's loader sends it (server/repos/applications.ts, Application). */
export interface AdminApplication {
  id: string;
  fullname: string;
  class: string;
  department: string;
  sargodhaAddress: string;
  permanentAddress: string;
  email: string;
  phone: string;
  bloodGroup: string | null;
  answers: { question: string; answer: string }[];
  createdAt: string;
}
