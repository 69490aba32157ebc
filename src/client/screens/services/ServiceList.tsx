import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, Paper, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { useEffect, useRef } from 'react';
import { LinkBase as RouterLink, useNavigate, useParams, useTranslate } from 'react-admin';
import { useToast } from '../../notifications';
import { ListPagination, usePageParam } from '../common/ListPagination';
import { ErrorState, LoadingState, QueryContent } from '../common/QueryStates';
import { serviceTypesQuery, userServicesQuery } from '../common/queries';
import type { ServiceType } from '../common/types';
import { domainUrl, mainDomain } from './domains';

const SERVICES_PER_PAGE = 20;
const TYPE_LABEL_ID = 'service-list-type';

/** /uslugi/:service_shortcut: the user's services of one type; an unknown shortcut is a 404. */
export default function ServiceList() {
  const translate = useTranslate();
  const { service_shortcut: shortcut } = useParams();
  const serviceTypes = useQuery(serviceTypesQuery);
  const serviceType = serviceTypes.data?.data.find((type) => type.shortcut === shortcut);

  return (
    <>
      <Typography component="h1" variant="h4" gutterBottom>
        {translate('app.services.list_title')}
      </Typography>
      {serviceTypes.isPending ? (
        <LoadingState />
      ) : serviceTypes.isError ? (
        <ErrorState error={serviceTypes.error} />
      ) : !serviceType ? (
        <UnknownShortcut />
      ) : (
        <ServicesOfType serviceType={serviceType} />
      )}
    </>
  );
}

/** SPEC 6: 'Ścieżka nie istnieje.' then the 404 screen. */
function UnknownShortcut() {
  const toast = useToast();
  const navigate = useNavigate();
  // StrictMode runs effects twice in development; one toast is enough.
  const reported = useRef(false);
  useEffect(() => {
    if (reported.current) return;
    reported.current = true;
    toast.error('app.services.unknown_shortcut');
    navigate('/error/404', { replace: true });
  }, [toast, navigate]);
  return null;
}

function ServicesOfType({ serviceType }: { serviceType: ServiceType }) {
  const translate = useTranslate();
  const [page, setPage] = usePageParam();
  const services = useQuery({
    ...userServicesQuery({ typePrefix: serviceType.prefix, page, perPage: SERVICES_PER_PAGE }),
    placeholderData: keepPreviousData,
  });

  return (
    <>
      <Typography id={TYPE_LABEL_ID} component="p" variant="h6" color="text.secondary" gutterBottom>
        {translate('app.services.type_label', { type: serviceType.name })}
      </Typography>
      <QueryContent query={services} isEmpty={(answer) => answer.data.length === 0} empty={translate('app.services.empty')}>
        {(answer) => (
          <>
            <TableContainer component={Paper} variant="outlined" aria-busy={services.isPlaceholderData}>
              <Table aria-labelledby={TYPE_LABEL_ID}>
                <TableHead>
                  <TableRow>
                    <TableCell component="th" scope="col">
                      {translate('app.services.name')}
                    </TableCell>
                    <TableCell component="th" scope="col">
                      {translate('app.services.main_domain')}
                    </TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {answer.data.map((service) => {
                    const domain = mainDomain(service.domains);
                    return (
                      <TableRow key={service.service_id} hover>
                        <TableCell component="th" scope="row">
                          <Link component={RouterLink} to={`/usluga/${service.service_id}`}>
                            {service.name}
                          </Link>
                        </TableCell>
                        <TableCell>
                          {domain ? (
                            <Link href={domainUrl(domain)} target="_blank" rel="noopener noreferrer">
                              {domain.domain}
                            </Link>
                          ) : (
                            <Typography component="span" color="text.secondary">
                              {translate('app.services.no_domain')}
                            </Typography>
                          )}
                        </TableCell>
                      </TableRow>
                    );
                  })}
                </TableBody>
              </Table>
            </TableContainer>
            <ListPagination page={page} perPage={SERVICES_PER_PAGE} total={answer.pagination.total} onChange={setPage} />
          </>
        )}
      </QueryContent>
    </>
  );
}
