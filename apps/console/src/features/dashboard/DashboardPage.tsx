import { userInfo } from '@pitboss/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Typography } from 'antd';
import Cookies from 'js-cookie';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { ApiError, callApi, TOKEN_COOKIE } from '../../lib/api';

export function DashboardPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const me = useQuery({ queryKey: ['user-info'], queryFn: () => callApi(userInfo) });
  if (me.error instanceof ApiError && me.error.status === 401)
    return <Navigate to="/login?redirect=/dashboard" replace />;
  return (
    <div style={{ padding: 24 }}>
      <Card loading={me.isLoading}>
        <Typography.Title level={4} data-testid="welcome">
          {t('common.welcome', { name: me.data?.data.name ?? '' })}
        </Typography.Title>
        <Button
          onClick={() => {
            Cookies.remove(TOKEN_COOKIE, { path: '/' });
            navigate('/login');
          }}
        >
          {t('common.logout')}
        </Button>
      </Card>
    </div>
  );
}
