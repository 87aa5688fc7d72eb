# chessbot: русские сообщения. Ключи и аргументы те же, что в en/chessbot.ftl.
# Имена игроков не склоняются (это ники), поэтому фразы построены так, чтобы
# имя стояло в именительном падеже или после слова «игрок»; прошедшее время
# с именами избегается (в нём пришлось бы угадывать род).

## Слова внутри других сообщений

color = { $color ->
    [white] белые
   *[black] чёрные
}

player-to-move = игрок, чья очередь ходить

termination = { $termination ->
    [checkmate] мат
    [stalemate] пат
    [dead_position] мёртвая позиция
    [threefold_repetition] троекратное повторение позиции
    [fifty_moves] правило 50 ходов
    [fivefold_repetition] пятикратное повторение позиции
    [seventyfive_moves] правило 75 ходов
    [agreement] ничья по соглашению
    [resignation] сдача
    [timeout] истекло время
    [aborted] партия отменена
   *[other] { $termination }
}

san-local = { $local } ({ $san })

## Вызовы

challenge-posted = { $open ->
        [yes] { $challenger } вызывает на партию любого желающего
       *[no] { $challenger } вызывает на партию { $opponent }
    } ({ $color ->
        [white] { $challenger } играет белыми
        [black] { $challenger } играет чёрными
       *[random] цвет по жребию
    }, { $days ->
        [one] { $days } день
        [few] { $days } дня
       *[many] { $days } дней
    } на ход, { $rules ->
        [fide] строгие правила FIDE
       *[house] домашние правила
    }{ $custom ->
        [yes] , из заданной позиции
       *[no] {""}
    }{ $casual ->
        [yes] , без рейтинга
       *[no] {""}
    }). { $open ->
        [yes] Принять вызов: `/chess accept`.
       *[no] { $opponent }: `/chess accept` — принять, `/chess decline` — отклонить.
    }

challenge-declined = { $by } отклоняет вызов игрока { $challenger }.

challenge-cancelled = { $challenger } отзывает свой вызов.

game-started = Партия №{ $id } начинается: { $white } (белые) против { $black } (чёрные). Ходит { $to_move }, срок — до { $until }.

## Ходы и доска

moved = { $by } делает ход { $number }{ $san }. Ходит { $next }, срок — до { $until }.

moved-final = { $by } делает ход { $number }{ $san }.

board-caption = Партия №{ $id }: { $white } (белые) против { $black } (чёрные). Ходит { $to_move }, срок — до { $until }.

final-board-caption = Партия №{ $id }: { $white } (белые) против { $black } (чёрные), результат { $result }.

## Ничьи и возврат хода

draw-offered = { $by } предлагает ничью. { $to }: `/chess draw` — принять, `/chess decline` или любой ход — отклонить.

draw-declined = { $by } отклоняет предложение ничьей.

draw-offer-lapsed = { $mover } сделал ход вместо ответа: предложение ничьей от { $offerer } снято.

takeback-requested = { $by } просит вернуть последний ход. { $to }: `/chess takeback` — согласиться, `/chess decline` — отказать.

takeback-declined = { $by } отказывает в возврате хода.

takeback-done = { $plies ->
        [1] Последний ход отменён
       *[other] Два последних хода отменены
    } ({ $moves }). Ходит { $to_move }, срок — до { $until }.

## Сроки

reminder = { $player }, ваш ход в партии №{ $id }: срок — до { $until }.

## Конец партии

summary = { $case ->
        [checkmate] Мат: побеждает { $winner }.
        [resignation] { $loser } сдаётся: побеждает { $winner }.
        [resignation-draw] { $loser } сдаётся, но у соперника остался только король: ничья.
        [timeout] Время игрока { $loser } истекло: побеждает { $winner }.
        [timeout-draw] Время игрока { $loser } истекло, но у соперника остался только король: ничья.
        [stalemate] Пат: ничья.
        [dead_position] Ничья: мёртвая позиция, ни одна из сторон не может поставить мат.
        [threefold_repetition] Ничья: троекратное повторение позиции.
        [fifty_moves] Ничья по правилу 50 ходов.
        [fivefold_repetition] Ничья: пятикратное повторение позиции.
        [seventyfive_moves] Ничья по правилу 75 ходов.
        [agreement] Ничья по соглашению.
        [aborted] Партия отменена, результата нет.
       *[other] Партия окончена ({ termination }).
    } Результат: { $result }.

aborted-no-first-move = Игрок { $player } не сделал вовремя первый ход: партия отменена, результата нет.

## Списки

games-line = №{ $id } { $white } - { $black } в { $where }: ходит { $to_move }, срок { $until }

games-your-move-heading = Ваш ход в партиях:

no-games = У вас нет текущих партий.

games-waiting-heading = Ждут хода соперника:

history-line = №{ $id } { $white } - { $black } { $result } ({ termination })

history-heading = Завершённые партии игрока { $user }:

no-history = У игрока { $user } пока нет завершённых партий.

## Справка

help =
    Шахматы по переписке. Команды:
    { $commands }
    Ходы пишутся русскими буквами: Кр — король, Ф — ферзь, Л — ладья, С — слон, К — конь; ход пешки — просто поле (e4, exd5). Взятие — x, х или двоеточие (Кxf3, Л:e5), рокировка — 0-0 или 0-0-0 (подойдут и О-О, O-O). Латинские K, Q, R, B, N тоже понимаются: K — король, N — конь.

help-line = /chess { $usage } — { $what }

help-command = { $command ->
    [challenge] вызвать соперника (или любого желающего) на партию в этом канале
    [answer] принять, отклонить или отозвать вызов
    [computer] сразу начать здесь партию с компьютером (Stockfish); уровень 1 самый слабый, 8 — полная сила (по умолчанию 3); без рейтинга
    [move] сделать ход (Кf3, e4, exd5, 0-0, e7e8Ф, ...)
    [board] показать доску (private:true: только вам, с вашей заметкой)
    [draw] предложить ничью или принять предложение соперника (claim:true: потребовать ничью, как claim)
    [resign] сдаться
    [abort] отменить партию без результата, пока обе стороны не сделали ход
    [takeback] попросить вернуть свой последний ход (соперник соглашается той же командой)
    [rematch] реванш с последним соперником в этом канале, цвета меняются
    [claim] потребовать ничью при троекратном повторении или по правилу 50 ходов, можно вместе с ходом, который к ней ведёт (только в строгих правилах FIDE)
    [pgn] запись партии в PGN
    [summary] итог завершённой партии (по умолчанию последней здесь)
    [games] ваши текущие партии
    [history] завершённые партии
    [stats] рейтинг и результаты игрока (по умолчанию ваши); с vs — счёт личных встреч
    [leaderboard] лучшие игроки сервера по рейтингу
    [settings] показать или сменить язык этого канала (во время партии — только её игроки и модераторы)
    [settings-board] доски: какая сторона внизу (в канале — для всех, auto: белые; в личных сообщениях — для ваших досок, auto: ваша сторона) и их цвета
    [moretime] дать сопернику, чей сейчас ход, ещё один день (не больше 7 раз за партию)
    [vacation-left] сколько дней отпуска у вас осталось
    [vacation] остановить ваши часы во всех партиях на N дней (30 дней за календарный год, 45 — если сообщество разрешает; days:0 — вернуться раньше)
    [notify] куда присылать уведомления о вашем ходе и напоминания
    [pagename] ваше имя на страницах для зрителей ваших партий
    [pages] модераторы: включить или выключить страницы для зрителей сообщества
    [community-rules] модераторы: дни отпуска в год для сообщества, контроль времени по умолчанию и доля просрочек, при которой рейтинговые вызовы запрещены
    [league] круговые лиги в этом канале
    [swiss] турниры по швейцарской системе (голландская система ФИДЕ); tiebreaks: порядок дополнительных показателей (по умолчанию bh1,bh,sb,de,wins); export: файл отчёта ФИДЕ
    [thematic] каждая партия лиги или швейцарки начинается после дебютной линии (код ECO или название) или с одной позиции
    [premove] условные ходы, например line:"e5 Кf3 Кc6 Сb5": если соперник сыграет e5, за вас сразу будет сделан ход Кf3, и так далее (видите только вы); /chess premove без аргументов показывает их, /chess premove clear удаляет
    [note] личная заметка к вашей партии здесь, её видите только вы (в /chess games и в вашей копии PGN)
    [puzzle] задача из ваших партий (видна только вам)
    [solve] ответить на вашу задачу
    [puzzle-daily] задача дня в этом канале (модераторы)
    [chess960] шахматы Фишера (Chess960) со своим рейтингом (начальная позиция случайная, если не указана); также computer variant:chess960, stats variant:chess960, leaderboard variant:chess960
    [team] канал играет командой: участники голосуют за ходы командой move (также /team ... и !team ...)
   *[help] эта справка
}

## Настройки

language-set = Теперь в этом канале я говорю по-русски. Ходы можно писать русскими буквами: Кр — король, Ф — ферзь, Л — ладья, С — слон, К — конь.

language-current = { $set ->
        [yes] Язык этого канала: { $language ->
            [th] тайский (ไทย)
            [ru] русский
            [ro] румынский (română)
           *[en] английский (English)
        }.
       *[no] Язык для этого канала не задан: я отвечаю по-английски или на языке вашего приложения Discord.
    } Изменить его может любой участник: `/chess settings language:en|th|ru|ro`.

unknown-language = Я не знаю языка `{ $given }`. Выберите один из: en (English), th (ไทย), ru (русский), ro (română).

## Ошибки

invalid-notation = Не могу прочитать ход «{ $input }». Напишите, например, Кf3, exd5, 0-0, e8Ф или g1f3.

missing-move = Какой ход? Например, `/chess move e4`.

move-too-long = Это слишком длинно для хода.

illegal-move = Невозможный ход { $input }: { $reason ->
        [no_piece] на { $square } нет { $role ->
            [pawn] вашей пешки
            [knight] вашего коня
            [bishop] вашего слона
            [rook] вашей ладьи
            [queen] вашего ферзя
           *[king] вашего короля
        }
        [not_your_piece] фигура на { $square } не ваша
        [unreachable] { $role ->
            [pawn] ни одна ваша пешка не может
            [knight] ни один ваш конь не может
            [bishop] ни один ваш слон не может
            [rook] ни одна ваша ладья не может
            [queen] ни один ваш ферзь не может
           *[king] ваш король не может
        } пойти на { $square }
        [pinned] фигура на { $square } связана: она закрывает вашего короля от шаха
        [in_check] вашему королю объявлен шах, а этот ход от него не защищает
        [king_into_check] на этом поле король оказался бы под шахом
        [exposes_king] этот ход открыл бы вашего короля под шах
        [no_castling_rights] { $side ->
            [king] короткая
           *[queen] длинная
        } рокировка больше невозможна: король или эта ладья уже ходили
        [castle_out_of_check] рокироваться под шахом нельзя
        [castle_blocked] { $side ->
            [king] короткая
           *[queen] длинная
        } рокировка невозможна: между королём и ладьёй стоят фигуры
        [castle_through_check] король не может пройти через битое поле { $square }
        [castle_into_check] после рокировки король оказался бы под шахом (поле { $square } под ударом)
       *[other] так здесь ходить нельзя
    }.

ambiguous-move = Неоднозначный ход { $input }: подходят { $candidates }. Уточните, какой фигурой ходить.

push-is-capture = { $input } — это ход пешки вперёд, но ни одна ваша пешка не может туда пойти. Вы имели в виду { $captures }?

language-locked = Пока здесь играют { $white } и { $black }, язык могут менять только они (или модератор): от него зависит, как читаются их ходы.

not-your-turn = Сейчас не ваш ход: ходит { $to_move }.

not-a-player = Это могут сделать только участники партии ({ $white } и { $black }).

no-game = В этом канале сейчас нет партии. Начните её командой `/chess challenge`.

no-game-here = В этом канале ещё не было ни одной партии.

no-such-game = Партии №{ $id } нет.

game-in-progress = В этом канале идёт партия №{ $id } ({ $white } против { $black }): в канале может идти только одна партия. Доиграйте её или играйте в другом канале.

challenge-pending = В этом канале уже есть вызов игрока { $challenger }: сначала примите или отклоните его (или играйте в другом канале).

no-challenge = В этом канале нет открытого вызова.

challenge-not-for-you = Этот вызов адресован игроку { $opponent }.

own-challenge = Нельзя принять собственный вызов; отозвать его можно командой `/chess cancel`.

not-your-challenge = Отозвать этот вызов может только { $challenger }.

open-challenge-no-decline = Этот вызов открыт для всех: отклонять нечего.

self-challenge = Нельзя вызвать на партию самого себя.

challenge-computer = Компьютер нельзя вызвать на партию: играйте с ним командой `/chess computer` (level:1-8).

bad-vacation-days = Число дней отпуска — целое число от 0 до { $max } (0 досрочно завершает отпуск), а не { $given }.

bad-days = Срок на ход — целое число дней от 1 до 14, а не { $given }.

invalid-fen = Неверный FEN: { $detail }.

fen-game-over = Неверный FEN: в этой позиции партия уже окончена.

draw-too-early = Предложить ничью можно только после того, как обе стороны сделали хотя бы по ходу.

draw-already-offered = Ваше предложение ничьей уже в силе.

abort-too-late = Отменить партию уже нельзя: обе стороны сделали ход. Можно предложить ничью или сдаться.

nothing-to-take-back = У вас нет хода, который можно вернуть.

takeback-already-requested = Ваша просьба вернуть ход уже в силе.

nothing-to-decline = Здесь нет ни вызова, ни предложения ничьей, ни просьбы вернуть ход, которые вы могли бы отклонить.

claim-refused = Требовать ничью нельзя: { $reason ->
        [not_fide] ничью требуют только в строгих правилах FIDE, а в домашних правилах она наступает сама
        [over] партия уже окончена
       *[nothing] нет ни троекратного повторения позиции, ни 50 ходов без взятий и ходов пешками
    }.

claim-refused-move-stands = Требование отклонено: этот ход не даёт троекратного повторения и не завершает 50 ходов. Ход сделан, партия продолжается.

no-rematch = В этом канале нет завершённой партии для реванша.

rematch-not-player = Реванш могут попросить только { $white } и { $black }.

position-changed = Позиция изменилась раньше, чем команда была выполнена (успел пройти другой ход или истекло время). Посмотрите на доску и попробуйте ещё раз.

# Нажатия на кнопки того, что уже решено (ничего не меняется).
button-challenge-gone = Этот вызов уже не открыт (его приняли, отклонили или отозвали), поэтому кнопка ничего не делает.
button-game-gone = Партия №{ $id } здесь больше не идёт, поэтому кнопка ничего не делает.
button-draw-gone = Это предложение ничьей больше не действует (его отклонили или с тех пор был сделан ход), поэтому кнопка ничего не делает.
button-stale = Эта кнопка устарела и ничего не делает.

internal = Извините, у меня что-то пошло не так. Попробуйте ещё раз.

unavailable = Сейчас у меня нет связи с базой данных, поэтому ничего не сделано. Попробуйте через минуту.

unknown-command = Неизвестная команда `{ $name }`. Список команд: `/chess help`.

missing-command = Какая команда? Список команд: `/chess help`.

invalid-option = { $detail }. Параметры команд: `/chess help`.

unknown-option = У команды `{ $command }` нет параметра `{ $name }`. Параметры команд: `/chess help`.

bad-option-value = `{ $value }` — недопустимое значение для `{ $name }`. Параметры команд: `/chess help`.

unexpected-argument-mention = Команда `{ $command }` не принимает `{ $arg }`: может быть, `@{ $arg }` (игрока указывают через @)?

unexpected-argument = Команда `{ $command }` не принимает `{ $arg }`. Параметры команд: `/chess help`.

unterminated-quote = У значения в кавычках нет закрывающей `"`. Параметры команд: `/chess help`.

input-too-long = Это сообщение слишком длинное для шахматной команды.

## Адаптеры

console-bad-line = Пишите `ИМЯ: ТЕКСТ` или `ИМЯ@КАНАЛ: ТЕКСТ`, например `alice: /chess help`.

console-greeting-images = Консоль chessbot: пишите `ИМЯ: КОМАНДА` или `ИМЯ@КАНАЛ: КОМАНДА`, например `alice: /chess challenge @bob`; картинки доски сохраняются в { $dir }. `alice: /chess help` покажет команды; Ctrl-D — выход.

console-greeting-text = Консоль chessbot: пишите `ИМЯ: КОМАНДА` или `ИМЯ@КАНАЛ: КОМАНДА`, например `alice: /chess challenge @bob`; доска рисуется текстом (`--images DIR` сохраняет картинки). `alice: /chess help` покажет команды; Ctrl-D — выход.

console-unknown-directive = Неизвестная команда консоли `:{ $directive }`; часы переводит `:advance 3d` (или h, m).

console-bad-span = Не могу прочитать `{ $given }` как промежуток времени: пишите, например, `3d`, `5h`, `30m`.

console-not-utf8 = Эта строка не в кодировке UTF-8; она пропущена.

console-clock-limit = Так далеко часы не переводятся: не больше чем на { $days ->
            [one] { $days } день
            [few] { $days } дня
           *[many] { $days } дней
        } вперёд от настоящего времени.

resign-question = Сдать партию? Отменить это будет нельзя.

resign-dropped = Игра продолжается.

done = Готово.

command-interrupted = Я перезапустился, пока выполнял эту команду, и не знаю, успела ли она сработать. Проверьте через `!chess board` и при необходимости отправьте её снова.
slow-down = Помедленнее, пожалуйста: слишком много команд за короткое время. Я ненадолго перестану отвечать, потом отвечу снова.

# The name of a game's thread (Discord).
thread-name = { $white } — { $black }
no-threads = Я не могу открыть ветку для этой партии здесь (нужно право «Создавать публичные ветки»), поэтому партии идут в этом канале.

button-label = { $button ->
    [promote-queen] Ферзь
    [promote-rook] Ладья
    [promote-bishop] Слон
    [promote-knight] Конь
    [accept-challenge] Принять
    [decline-challenge] Отклонить
    [accept-draw] Согласиться на ничью
    [decline-draw] Отказаться от ничьей
    [resign-confirm] Да, сдаюсь
    [resign-cancel] Играть дальше
    [rematch] Реванш
   *[resign] Сдаться
}

## Ratings and records

rating-change = { $player }: { $before } → { $after } ({ $diff })

stats-rated = { $player }: рейтинг { $rating }{ $provisional ->
        [yes] ? (предварительный)
       *[no] {""}
    }, RD { $rd }. Партий: { $games } (побед { $wins }, ничьих { $draws }, поражений { $losses }).

stats-unrated = У { $player } ещё нет рейтинговых партий (начальный рейтинг у всех 1500).

stats-vs = Против { $opponent }: партий { $games }, побед { $wins }, ничьих { $draws }, поражений { $losses }.

leaderboard-heading = Таблица лидеров (предварительные рейтинги, RD выше 110, идут после остальных):

leaderboard-line = { $rank }. { $player } { $rating }{ $provisional ->
        [yes] ?
       *[no] {""}
    } (партий: { $games })

leaderboard-empty = Здесь ещё никто не сыграл рейтинговую партию.

stats-streak = Текущая серия: { $kind ->
        [win] { $count ->
            [one] { $count } победа
            [few] { $count } победы
           *[many] { $count } побед
        }
        [draw] { $count ->
            [one] { $count } ничья
            [few] { $count } ничьи
           *[many] { $count } ничьих
        }
       *[loss] { $count ->
            [one] { $count } поражение
            [few] { $count } поражения
           *[many] { $count } поражений
        }
    }.
stats-best-win = Лучшая победа: над { $opponent } ({ $rating }), партия №{ $game }.

## Summaries

summary-heading = Партия №{ $id }: { $white } - { $black } { $result } ({ $termination }), { $moves }, { $days }.
summary-moves = { $moves ->
        [one] { $moves } ход
        [few] { $moves } хода
       *[many] { $moves } ходов
    }
summary-days = { $days ->
        [one] { $days } день
        [few] { $days } дня
       *[many] { $days } дней
    }
summary-winner = { $winner } побеждает
summary-draw = Ничья
summary-opening = Дебют: { $opening }
summary-analysis-side = { $player }: { $inaccuracies ->
            [one] { $inaccuracies } неточность
            [few] { $inaccuracies } неточности
           *[many] { $inaccuracies } неточностей
        }, { $mistakes ->
            [one] { $mistakes } ошибка
            [few] { $mistakes } ошибки
           *[many] { $mistakes } ошибок
        }, { $blunders ->
            [one] { $blunders } грубая ошибка
            [few] { $blunders } грубые ошибки
           *[many] { $blunders } грубых ошибок
        }; средняя потеря { $acpl } сантипешек, точность { $accuracy }%
summary-worst = Худший ход: { $number } { $san } ({ $player }); лучше было { $best }.
summary-analysis-follows = Анализ движка: движок занят; оценки придут отдельным сообщением.
summary-analysis-later = Анализ движка для партии №{ $id }:
summary-analysis-cut = Движку не хватило времени: оценки охватывают ходы до { $last }-го из { $total }.
summary-analysis-shallow = Начиная с { $from }-го хода движок был занят и считал не так глубоко.
summary-lichess = Анализ на lichess
no-finished-game-here = В этом канале ещё не закончилась ни одна партия.
summary-game-running = Партия №{ $id } ещё идёт: итог появится, когда она закончится.
summary-aborted = Партия №{ $id } была прервана: у прерванных партий нет итога.

## Игра с компьютером

computer-started = Партия №{ $id } с компьютером начинается: { $white } (белые) против { $black } (чёрные), без рейтинга. { $engine_first ->
        [yes] Компьютер ходит первым.
       *[no] Ходит { $to_move }, срок — до { $until }.
    }

bad-level = Уровень — целое число от 1 (самый слабый) до 8 (полная сила), а не { $given }.

engine-unavailable = Играть с компьютером здесь нельзя: шахматная программа (Stockfish) не установлена. Тот, кто запускает бота, может установить её командой `apt-get install stockfish` или указать путь к ней в STOCKFISH_PATH.

engine-no-answer = Компьютер не смог ответить прямо сейчас (шахматная программа недоступна). Ничего не потеряно: если за ним ход, партия ждёт его, и он попробует снова при следующей команде здесь, например `/chess board`.

computer-draw-declined = { $by } отклоняет ничью: компьютер соглашается на неё только после 30-го хода и в позиции, которую считает равной (в пределах 0,3 пешки).
engine-oracle-refused = Я не запущу движок с этой позиции: она стоит в одной из ваших текущих партий, и ходы движка сыграли бы её за вас. Попробуйте, когда партия закончится.

## Удобства игры по переписке

challenge-expired = Вызов { $challenger } истёк: за 7 дней на него никто не ответил.

challenge-cancelled-by = { $by } отзывает вызов { $challenger }.

own-challenge-pending = У вас уже есть открытый вызов здесь; `/chess cancel` отзывает его.

vacation-started = { $player } уходит в отпуск до { $until }: часы этого игрока остановлены до тех пор.

vacation-over = { $player } досрочно выходит из отпуска: часы этого игрока снова идут.

vacation-summary = Вы в отпуске на { $days ->
        [one] { $days } день
        [few] { $days } дня
       *[many] { $days } дней
    }, до { $until }: ваши часы остановлены в { $games ->
        [one] { $games } партии
       *[other] { $games } партиях
    }. Дней отпуска в запасе в этом календарном году: { $left }; `/chess vacation days:0` завершает отпуск досрочно.

vacation-ended-summary = Отпуск окончен, ваши часы снова идут. Неиспользованных дней возвращено: { $returned }; дней отпуска в запасе: { $left }.

vacation-running = Вы уже в отпуске до { $until }; `/chess vacation days:0` завершает его.

not-on-vacation = Вы не в отпуске.

vacation-limit = { $left ->
        [0] Дней отпуска в этом году не осталось: можно не больше { $allowance } дней за календарный год.
       *[other] Дней отпуска в запасе: { $left } (можно не больше { $allowance } дней за календарный год).
    }

moretime-given = { $by } даёт { $player } ещё один день: новый срок — до { $until }.

moretime-self = Сейчас ваш ход: добавить вам время может только соперник.

moretime-limit = Вы уже добавили сопернику время в этой партии { $limit ->
            [one] { $limit } раз
            [few] { $limit } раза
           *[many] { $limit } раз
        } — больше нельзя.

notify-set = { $where ->
        [dm] Уведомления о вашем ходе и напоминания теперь приходят в личные сообщения.
        [off] Уведомления о вашем ходе и напоминания отключены (в каналах партий по-прежнему видны все ходы).
       *[channel] Уведомления о вашем ходе и напоминания теперь приходят в канал партии.
    }

your-move-dm = Ваш ход в партии №{ $id } в { $where }: { $by } делает ход { $number }{ $san }. Срок — до { $until }.

reminder-dm = Ваш ход в партии №{ $id } в { $where }: срок — до { $until }.

vacation-status = { $on ->
        [yes] Вы в отпуске до { $until }.
       *[no] Вы не в отпуске.
    } Дней отпуска в запасе в этом календарном году: { $left } (не больше { $allowance } за год; неиспользованные дни не переносятся).

board-view-set = { $view ->
        [white] Теперь на ваших досках белые внизу.
        [black] Теперь на ваших досках чёрные внизу.
       *[auto] Теперь на ваших досках внизу ваша сторона.
    }

board-theme-set = Теперь ваши доски { $theme ->
        [blue] в синей
        [green] в зелёной
        [high-contrast] в контрастной
       *[brown] в коричневой
    } теме.

channel-theme-set = Теперь доски партий этого канала { $theme ->
        [blue] в синей
        [green] в зелёной
        [high-contrast] в контрастной
       *[brown] в коричневой
    } теме, для всех. Своя тема (`settings theme:` в личном сообщении) — для картинок, которые видите только вы.

board-settings-current = Ваши доски: { $view ->
        [white] белые внизу
        [black] чёрные внизу
       *[auto] внизу ваша сторона
    }, тема { $theme ->
        [blue] синяя
        [green] зелёная
        [high-contrast] контрастная
       *[brown] коричневая
    }. Изменить: `settings board:white|black|auto theme:brown|blue|green|high-contrast`.

## Относительное время рядом со сроками (консоль и Matrix)

time-now = сейчас
time-in = через { $unit ->
        [minutes] { $n ->
            [one] { $n } минуту
            [few] { $n } минуты
           *[many] { $n } минут
        }
        [hours] { $n ->
            [one] { $n } час
            [few] { $n } часа
           *[many] { $n } часов
        }
       *[days] { $n ->
            [one] { $n } день
            [few] { $n } дня
           *[many] { $n } дней
        }
    }
time-ago = { $unit ->
        [minutes] { $n ->
            [one] { $n } минуту
            [few] { $n } минуты
           *[many] { $n } минут
        }
        [hours] { $n ->
            [one] { $n } час
            [few] { $n } часа
           *[many] { $n } часов
        }
       *[days] { $n ->
            [one] { $n } день
            [few] { $n } дня
           *[many] { $n } дней
        }
    } назад

## Matrix trust: a message the bot could not decrypt (told once).
cannot-decrypt = Я не смог прочитать ваше последнее сообщение: ваш клиент не передал мне ключи шифрования. Подтвердите мою сессию (или разрешите отправку неподтверждённым сессиям в настройках безопасности клиента) и отправьте команду снова.
answered-privately = Я отправил ответ вам в личные сообщения (наша личная комната).
no-private-room = Мой ответ личный, а открыть с вами личную комнату я не смог: начните со мной личный чат и спросите снова.

## Spectator pages

watch-link = Смотреть в реальном времени: { $url }
watch-button = Смотреть
pages-on = Страницы для зрителей в этом сообществе включены: новые партии и лиги получают ссылку для просмотра.
pages-off = Страницы для зрителей в этом сообществе выключены: страницы не показываются, ссылки не публикуются.
pages-not-moderator = Включать и выключать страницы для зрителей могут только модераторы.
page-name-hidden = Ваше имя скрыто на страницах для зрителей ваших партий: там написано «Игрок белыми» или «Игрок чёрными». В канале партии имя по-прежнему видно.
page-name-shown = Ваше имя снова видно на страницах для зрителей ваших партий.

## Chess960

chess960-start = Шахматы Фишера (Chess960), начальная позиция { $number }.
chess960-set-up = Шахматы Фишера (Chess960) с заданной позиции.
unknown-variant = Я не играю в вариант `{ $given }`. Выберите standard или chess960.
chess960-bad-position = Начальной позиции Chess960 `{ $given }` нет: позиции пронумерованы от 0 до 959.
chess960-position-standard = Номер начальной позиции бывает только в Chess960: укажите variant:chess960 или не указывайте позицию.
chess960-position-and-fen = Укажите либо номер позиции Chess960, либо FEN, но не оба сразу.
chess960-ratings = Рейтинги Chess960:

# Банк времени, пресеты и партии, продолженные из PGN

bad-bank = Банк времени — целое число дней от 1 до 60, а не { $given }.
bad-increment = Добавка — целое число дней от 0 до 10, а не { $given }.
increment-without-bank = Добавке нужен банк: укажите bank:B (дни), например bank:10 increment:1.
control-and-bank = Укажите либо пресет (control:), либо свой банк и добавку, но не то и другое.
unknown-control = Я не знаю контроль времени `{ $given }`: выберите daily, iccf или blitz-days.
bank-control = Банк времени: по { $bank } дн. каждому, плюс { $increment } за ход.
no-vacation-control = Отпуск не останавливает часы этой партии.
bank-left = осталось { $days ->
        [0] { $hours } ч { $minutes } мин
       *[other] { $days } дн. { $hours } ч
    }
banks-left = Банки: { $white } { $white_left }, { $black } { $black_left }.
import-start = Продолжение партии из PGN после { $moves } ходов (изначально { $white } против { $black }); без рейтинга.
pgn-and-fen = Укажите либо PGN, либо начальную позицию (fen:, position:), но не то и другое.
pgn-empty = В PGN нет ни одной партии.
pgn-bad-tag = PGN, строка { $line }: тег записан неверно ({ $detail }). Пишите так: [Name "value"].
pgn-bad-fen = PGN, строка { $line }: тег FEN — не допустимая позиция ({ $detail }).
pgn-bad-variant = PGN, строка { $line }: я не играю вариант `{ $given }`; продолжить можно обычные шахматы и Chess960.
pgn-bad-move = PGN, строка { $line }, ход { $number }: { $reason }
pgn-unexpected = PGN, строка { $line }: неожиданное `{ $token }` в ходах.
pgn-unclosed-comment = PGN, строка { $line }: комментарий в фигурных скобках не закрыт.
pgn-unclosed-variation = PGN, строка { $line }: вариант, открытый (, не закрыт.
pgn-too-large = PGN слишком велик: не больше { $max } КБ.
pgn-too-long = PGN, строка { $line }: партия длиннее { $max } полуходов.
pgn-several-games = В PGN { $count } партий: выберите одну, game:1 … game:{ $count }.
pgn-no-such-game = В PGN нет партии { $chosen }: их там { $count }.
pgn-move-after-end = PGN, строка { $line }, ход { $number }: партия уже была окончена.
pgn-ended = PGN, строка { $line }: эта партия уже окончена ({ $result }); продолжить можно только неоконченную.

community-not-moderator = Отпуск, контроль времени по умолчанию и правило просрочек сообщества меняют только его модераторы.
bad-leave = Отпуск — 30 или 45 дней за календарный год, а не { $given }.
bad-timeouts = Правило просрочек — процент от 1 до 99 или off, а не { $given }.
leave-set = Теперь игроки здесь могут брать { $days } дней отпуска за календарный год (неиспользованные дни не переносятся).
default-control-set = { $control ->
        [none] Вызовы без контроля времени теперь идут на дни за ход.
       *[other] Вызовы без контроля времени теперь идут по контролю { $control }.
    }
timeouts-set = { $percent ->
        [0] Рейтинговые вызовы больше не отклоняются из-за просрочек.
       *[other] Теперь рейтинговые вызовы не принимаются от игрока, просрочившего время более чем в { $percent }% из последних { $games } оконченных партий здесь (когда их не меньше { $min }).
    }
timeouts-refused = Вы просрочили время в { $timeouts } из последних { $games } оконченных партий здесь — больше { $percent }%, которые сообщество допускает для рейтинговых партий: вызовите с rated:false или сначала доиграйте несколько партий вовремя.
community-settings-current = Это сообщество: { $leave } дней отпуска за календарный год; контроль по умолчанию: { $control ->
        [none] дни за ход
       *[other] { $control }
    }; правило просрочек: { $percent ->
        [0] выключено
       *[other] больше { $percent }%
    }.

## Leagues

league-none = Здесь нет подходящей лиги. Создайте её: /chess league create name:"Зимний кубок".
league-none-numbered = В этом канале нет лиги { $id }.
league-not-running = Лига { $id } ({ $name }) сейчас не идёт.
league-bad-name = У лиги должно быть название: /chess league create name:"Зимний кубок".
league-created = { $by } создаёт лигу { $name } (лига { $id }): { $rounds ->
        [2] двухкруговой турнир
       *[other] круговой турнир
    }, { $days ->
        [one] { $days } день
        [few] { $days } дня
       *[many] { $days } дней
    } на ход, до { $max } игроков. Вступить: /chess league join.
league-starts-at = Она начнётся сама в { $until }, если наберётся не меньше 3 игроков.
league-full = В лиге { $name } нет мест ({ $max ->
        [one] { $max } игрок
        [few] { $max } игрока
       *[many] { $max } игроков
    }).
league-already-joined = Вы уже в лиге { $name }.
league-joined = { $player } вступает в лигу { $name } (игроков: { $count }).
league-not-member = Вы не играете в лиге { $name }.
league-left = { $player } выходит из лиги { $name }.
league-too-few = Для начала лиги { $name } нужно не меньше 3 игроков; сейчас их { $count }.
league-start-postponed = Лига { $name } не началась: нужно не меньше 3 игроков, а их { $count }. Она остаётся открытой; создатель или модератор начнёт её командой /chess league start.
league-place-busy = Лига { $name } не смогла начаться: мешает другая партия.
league-no-place = У партии #{ $id } ({ $white } — { $black }) пока нет места: я не смог открыть для неё ветку или комнату (в Discord мне нужны права «Create Public Threads» и «Send Messages in Threads» в этом канале). Её часы не запущены; пробую снова каждые 20 минут.
league-creator-cap = У вас уже { $max } открытых или идущих лиг здесь: завершите или отмените одну, прежде чем создавать новую.
league-community-cap = На этом сервере уже { $max } открытых или идущих лиг: новую можно будет создать, когда одна из них закончится.
league-needs-channel = Лиги проходят в текстовом канале или канале объявлений: у каждой партии там своя ветка. Создайте лигу в таком канале.
league-needs-threads = Я не могу открывать ветки здесь: для лиги мне нужны права «Create Public Threads» и «Send Messages in Threads» в этом канале. Попросите модератора выдать их и попробуйте снова.
league-started = Лига { $name } (лига { $id }) началась: { $n ->
        [one] { $n } игрок
        [few] { $n } игрока
       *[many] { $n } игроков
    }, { $games ->
        [one] { $games } партия
        [few] { $games } партии
       *[many] { $games } партий
    }, все сразу. Пары:
league-pairing = Партия { $count }: { $white } (белые) — { $black } (чёрные)
league-game-started = Лига { $name }: партия { $id } началась. { $white } (белые) — { $black } (чёрные). Ход { $mover }, до { $until }.
league-not-started = { $name } (лига { $id }) ещё не началась: партий и таблицы пока нет. { $count ->
        [one] Записался { $count } игрок
        [few] Записались { $count } игрока
       *[other] Записались { $count } игроков
    }: { $players }.
league-standings-title = { $name } (лига { $id }): сыграно { $count } из { $games ->
        [one] { $games } партии
       *[other] { $games } партий
    }.
league-standings-row = { $rank }. { $player }: { $points } очк. (сыграно { $played }, осталось { $left }; тай-брейк { $tiebreak })
league-standings-picture-title = { $name }: таблица
league-standings-header = # | Игрок | Очки | Сыграно | Осталось | З-Б
league-cancelled = { $by } отменяет лигу { $name }. Её идущие партии заканчиваются без результата.
league-withdrew-forfeit = { $player } выбывает из лиги { $name }. Сыгранные партии остаются в силе, остальные засчитываются как поражения.
league-withdrew-annulled = { $player } выбывает из лиги { $name }, не сыграв половины партий: все его партии исключены из таблицы.
league-over = Лига { $name } завершена! Победитель: { $winner }.
league-no-abort = Партию лиги нельзя прервать; можно сдаться или попросить создателя лиги отменить её.
league-not-manager = Это может только создатель лиги ({ $creator }) или модератор.
league-already-started = Лига { $name } уже началась (или закончилась).
league-game-opening = Тематический старт: каждая партия этой лиги начинается после { $opening }.
league-theme-opening = Каждая партия начинается после { $opening }: { $moves }.
league-theme-fen = Каждая партия начинается с этой позиции{ $custom ->
    [1] {""} (своя позиция: партии не на рейтинг)
   *[other] {""}
}: { $fen }
league-opening-unknown = Дебютной линии «{ $query }» нет. Укажите код ECO, например C60, или название, например Ruy Lopez.
league-opening-ambiguous = «{ $query }» подходит к нескольким дебютным линиям; уточните: { $candidates }.
league-opening-and-fen = Выберите один старт: opening: или fen:, не оба.
league-opening-chess960 = В турнире Chess960 стартовые позиции выбираются жребием: opening: — для обычных шахмат (fen: задаёт одну позицию для всех партий).

## Summary limit, rating farming, engine deadline, long texts
summary-limit = Вы только что запрашивали здесь итоги ({ $limit }). Спросите снова через { $minutes ->
        [one] { $minutes } минуту
        [few] { $minutes } минуты
       *[many] { $minutes } минут
    }.
rated-limit = Без рейтинга: { $white } и { $black } уже сыграли сегодня друг с другом { $limit ->
        [one] { $limit } рейтинговую партию
        [few] { $limit } рейтинговые партии
       *[many] { $limit } рейтинговых партий
    } (в день учитывается не больше { $limit }).
engine-gave-up = Партия №{ $id } отложена: компьютер не смог сделать ход в течение { $minutes } мин. (шахматная программа недоступна). Партия прервана и не идёт в рейтинг.
more-lines = …и ещё { $n }

## Premove: условные ходы и личные заметки

premove-added = Вариант добавлен в партию №{ $id }. Ваши условные ходы ({ $count ->
        [one] { $count } вариант
        [few] { $count } варианта
       *[many] { $count } вариантов
    }), их видите только вы:

premove-list = Ваши условные ходы в партии №{ $id } ({ $count ->
        [one] { $count } вариант
        [few] { $count } варианта
       *[many] { $count } вариантов
    }), их видите только вы:

premove-none = У вас нет условных ходов в партии №{ $id }. Добавьте вариант командой `/chess premove line:"e5 Кf3"`: ход, которого вы ждёте от соперника, затем ваш ответ и так далее.

premove-cleared = Ваши условные ходы в партии №{ $id } удалены.

premove-conflict = Не принято: после { $path } у вас уже есть вариант с ответом { $old }, а в этом — { $new }. На одну позицию — один ответ: `/chess premove clear`, чтобы начать заново.

premove-own-turn = Сейчас ваш ход в партии №{ $id }: сделайте его командой `/chess move`. Условные ходы задаются, пока ходит соперник, начиная с хода, которого вы от него ждёте.

premove-computer = Компьютер отвечает сразу: условные ходы — для партий между двумя игроками.

premove-bad-move = Ход { $n } варианта: { $detail }

premove-after-end = Ход { $n } варианта идёт уже после конца партии.

premove-odd-line = Вариант заканчивается вашим ответом: добавьте ход, который вы сделаете после { $input }, или уберите { $input }.

premove-empty = Какой вариант? Ход, которого вы ждёте от соперника, затем ваш ответ и так далее: `/chess premove line:"e5 Кf3 Кc6 Сb5"`.

premove-too-many = В одной партии можно задать не больше { $max ->
        [one] { $max } условного варианта
       *[other] { $max } условных вариантов
    }. Ничего не добавлено.

premove-too-long = В условном варианте не больше { $max ->
        [one] { $max } хода
       *[other] { $max } ходов
    }. Ничего не добавлено.

premove-game-over = Партия №{ $id } уже окончена.

premove-moved = { $by } делает ход { $number }{ $san } (условный ход). Ходит { $next }, срок — до { $until }.

premove-moved-final = { $by } делает ход { $number }{ $san } (условный ход).

games-premove-lines = ({ $count ->
        [one] { $count } условный вариант
        [few] { $count } условных варианта
       *[many] { $count } условных вариантов
    })

games-note = Ваша заметка: { $note }

note-saved = Ваша личная заметка к партии №{ $id } сохранена. Её видите только вы: в `/chess games`, в `/chess board private:true` и в вашей копии PGN.

note-cleared = Ваша заметка к партии №{ $id } удалена.

note-current = Ваша личная заметка к партии №{ $id }: { $note }

note-none = У вас нет заметки к партии №{ $id }. Напишите её командой `/chess note text:"..."`.

note-too-long = В заметке не больше { $max ->
        [one] { $max } символа
       *[other] { $max } символов
    }, а в этой { $count }. Ничего не сохранено.

note-own-copy = Ваша копия партии №{ $id } с вашей личной заметкой:

## Puzzles

puzzle-shown = Задача №{ $id } ({ $motif ->
        [mate] мат
        [material] выигрыш материала
       *[advantage] выигрывающий ход
    }): { $own ->
        [yes] шанс, упущенный вами в партии №{ $game }, { $white } — { $black }.
       *[no] из партии №{ $game }, { $white } — { $black }.
    } Ход { $color ->
        [black] чёрных
       *[white] белых
    }: найдите лучший ход и ответьте командой `/chess solve <ход>`. Ваша серия: { $n }, решено: { $count }.
puzzle-analysis-pending = Партия №{ $id } ещё анализируется: задачи из неё появятся, когда анализ закончится.
puzzle-none = Задач для вас пока нет: они появляются из законченных и проанализированных партий этого сообщества.
puzzle-right = Верно: { $san }! Ответ соперника: { $reply }. Найдите следующий ход.
puzzle-solved = Задача №{ $id } решена: { $line }. Ваша серия: { $n }, решено: { $count }.
puzzle-wrong = { $san } — не то. Ещё одна попытка.
puzzle-failed = { $san } — тоже не то. Решение: { $line }. Серия начинается заново.
puzzle-not-yours = Задача №{ $id } не ваша: возьмите свою командой `/chess puzzle`.
puzzle-finished = Задача №{ $id } уже закончена: возьмите другую командой `/chess puzzle`.
puzzle-daily-on = Задача дня будет появляться здесь в { $time } UTC, первая — { $until }.
puzzle-daily-off = Задач дня здесь больше не будет.
puzzle-daily-moderators = Включать и выключать задачу дня могут только модераторы.
puzzle-daily = Задача дня №{ $id } ({ $motif ->
        [mate] мат
        [material] выигрыш материала
       *[advantage] выигрывающий ход
    }): ход { $color ->
        [black] чёрных
       *[white] белых
    }. Отвечайте лично командой `/chess solve <ход>`.
puzzle-daily-first = Прошлую задачу первым решил(а) { $name }.
puzzle-daily-unsolved = Прошлую задачу никто не решил.

## A channel's board orientation
channel-board-set = { $view ->
        [black] Теперь на досках партий этого канала чёрные внизу, для всех.
       *[white] Теперь на досках партий этого канала белые внизу, для всех.
    }
channel-board-locked = Пока здесь играют { $white } и { $black }, повернуть доски канала могут только они (или модератор). Свой вид досок, которые присылаются лично вам: `settings board:` в личных сообщениях.

## The summary card
card-how = { $termination ->
        [checkmate] матом
        [stalemate] — пат
        [dead_position] — мёртвая позиция
        [threefold_repetition] — троекратное повторение
        [fifty_moves] — правило 50 ходов
        [fivefold_repetition] — пятикратное повторение
        [seventyfive_moves] — правило 75 ходов
        [agreement] по соглашению
        [resignation] — соперник сдался
        [timeout] по времени
       *[other] { "" }
    }
card-accuracy = Точность { $accuracy }%
card-duration = { $unit ->
        [minutes] за { $n ->
            [one] { $n } минуту
            [few] { $n } минуты
           *[many] { $n } минут
        }
        [hours] за { $n ->
            [one] { $n } час
            [few] { $n } часа
           *[many] { $n } часов
        }
       *[days] за { $n ->
            [one] { $n } день
            [few] { $n } дня
           *[many] { $n } дней
        }
    }

## "did you mean"
unknown-command-suggest = Неизвестная команда `{ $name }`. Может быть, `{ $suggestion }`? Список команд: `/chess help`.

## The themes listed
bad-theme = Темы `{ $value }` нет. Есть темы: { $themes }.

## Aborted games
game-aborted = Партия №{ $id } отменена до того, как обе стороны сделали ход: без результата, без рейтинга.

## Chess960 leagues
league-chess960 = Все партии этой лиги — шахматы Фишера (Chess960) с рейтингом Chess960: у каждой пары своя начальная позиция, выбранная случайно{ $rounds ->
        [2] , одна и та же в обеих партиях, со сменой цвета.
       *[other] .
    }

## A symbol per kind of announcement
announce-move = ♟
announce-win = ✅
announce-draw = ½
announce-reminder = ⏰

## The Discord commands; see en/chessbot.ftl.

cmd-chess =
    .description = Шахматы по переписке: вызовите соперника и играйте по ходу

cmd-chess-challenge =
    .description = Вызвать соперника (или любого желающего) на партию в этом канале
    .option-opponent-description = Соперник; оставьте пустым для открытого вызова
    .option-color-description = Ваш цвет (по умолчанию по жребию)
    .option-days-description = Дней на ход, от 1 до 14 (по умолчанию 3)
    .option-rules-description = house: повторение и 50 ходов завершают партию; fide: ничью надо потребовать
    .option-fen-description = Начать с этой позиции (FEN) вместо обычной
    .option-rated-description = Рейтинговая партия (по умолчанию да; с FEN никогда)
    .option-variant-description = standard или chess960 (шахматы Фишера); по умолчанию standard
    .option-position-description = Начальная позиция Chess960, от 0 до 959 (по умолчанию случайная)
    .option-bank-description = Банк времени в днях, от 1 до 60, вместо дней на ход
    .option-increment-description = Дней добавляется к банку за ход, от 0 до 10 (с bank)
    .option-control-description = Пресет: daily, iccf (банк 50 дней, 1 за ход) или blitz-days
    .option-pgn-description = Файл PGN: партия продолжится с его последней позиции (без рейтинга)
    .option-game-description = Какая партия из файла PGN с несколькими

cmd-chess-computer =
    .description = Сразу начать здесь партию с компьютером (Stockfish), без рейтинга
    .option-level-description = Уровень: 1 самый слабый, 8 полная сила (по умолчанию 3)
    .option-color-description = Ваш цвет (по умолчанию по жребию)
    .option-days-description = Ваших дней на ход, от 1 до 14 (по умолчанию 3)
    .option-fen-description = Начать с этой позиции (FEN) вместо обычной
    .option-variant-description = standard или chess960 (шахматы Фишера); по умолчанию standard
    .option-position-description = Начальная позиция Chess960, от 0 до 959 (по умолчанию случайная)

cmd-chess-accept =
    .description = Принять вызов в этом канале

cmd-chess-decline =
    .description = Отклонить вызов в этом канале

cmd-chess-cancel =
    .description = Отозвать свой вызов в этом канале

cmd-chess-move =
    .description = Сделать ход (Кf3, e4, 0-0 или g1f3)
    .option-move-description = Ваш ход, например e4, Кf3, exd5, 0-0, e8Ф или g1f3

cmd-chess-board =
    .description = Показать доску партии в этом канале
    .option-flip-description = Перевернуть доску (обычно как задано для канала: белые внизу)
    .option-private-description = Только для вас, с вашей личной заметкой

cmd-chess-draw =
    .description = Предложить ничью или принять предложение соперника
    .option-claim-description = Потребовать ничью: троекратное повторение или 50 ходов (правила FIDE)
    .option-move-description = Ход, который даёт повторение или 50-й ход (необязательно)

cmd-chess-resign =
    .description = Сдать партию в этом канале

cmd-chess-abort =
    .description = Отменить партию без результата, пока обе стороны не сделали ход

cmd-chess-takeback =
    .description = Попросить вернуть последний ход (соперник подтверждает)

cmd-chess-rematch =
    .description = Реванш с соперником последней партии здесь, цвета меняются

cmd-chess-pgn =
    .description = Запись партии в PGN (по умолчанию идущая здесь или последняя)
    .option-game-description = Номер партии (из /chess games или /chess history)

cmd-chess-summary =
    .description = Итог завершённой партии (по умолчанию последней здесь)
    .option-game-description = Номер партии (из /chess history)

cmd-chess-games =
    .description = Ваши текущие партии во всех каналах (список видите только вы)

cmd-chess-history =
    .description = Завершённые партии (ваши или другого игрока)
    .option-user-description = Чьи партии (по умолчанию ваши)

cmd-chess-stats =
    .description = Рейтинг и результаты игрока; с vs — счёт личных встреч
    .option-user-description = Чья статистика (по умолчанию ваша)
    .option-vs-description = Соперник для счёта личных встреч
    .option-variant-description = Рейтинги: standard (по умолчанию) или chess960

cmd-chess-leaderboard =
    .description = Лучшие игроки сервера по рейтингу
    .option-variant-description = Рейтинги: standard (по умолчанию) или chess960

cmd-chess-help =
    .description = Как играть

cmd-chess-settings =
    .description = Язык канала, вид и тема ваших досок: показать или изменить
    .option-language-description = Язык: en, th, ru или ro (пусто — показать текущий)
    .option-board-description = Какая сторона внизу на ваших досках
    .option-theme-description = Цвета ваших досок
    .option-notify-description = Куда присылать уведомления о вашем ходе и напоминания
    .option-pagename-description = Ваше имя на страницах для зрителей ваших партий: видно или скрыто
    .option-pages-description = Модераторы: страницы для зрителей сообщества, включены или выключены
    .option-leave-description = Модераторам: дней отпуска за календарный год здесь, 30 или 45
    .option-control-description = Модераторам: контроль по умолчанию (daily, iccf, blitz-days, off)
    .option-timeouts-description = Модераторам: отклонять рейтинговые вызовы при просрочках выше % (0 — нет)

cmd-chess-vacation =
    .description = Остановить ваши часы во всех партиях на несколько дней
    .option-days-description = Дней отпуска (0 — вернуться раньше; пусто — сколько осталось)

cmd-chess-moretime =
    .description = Дать сопернику, чей сейчас ход, ещё один день

cmd-chess-league =
    .description = Круговые лиги в этом канале

cmd-chess-league-create =
    .description = Создать лигу в этом канале
    .option-name-description = Название лиги
    .option-days-description = Дней на ход, от 1 до 14 (по умолчанию 3)
    .option-rounds-description = Лига: 1 или 2 круга. Швейцарка: от 3 до 11 туров (по умолчанию по числу игроков)
    .option-max-description = Наибольшее число игроков: 3-16 в лиге, 4-200 в швейцарке
    .option-rated-description = Рейтинговые партии (по умолчанию да)
    .option-rules-description = house или fide
    .option-starts-description = Начать само в это время (UTC): 2026-12-24 18:00
    .option-chess960-description = Все партии в шахматы Фишера (Chess960)
    .option-format-description = round_robin (по умолчанию) или swiss (голландская система ФИДЕ, тур за туром)
    .option-bank-description = Все партии с запасом времени в столько дней, от 1 до 60
    .option-increment-description = Дней к запасу за каждый ход, от 0 до 10 (с bank)
    .option-control-description = Контроль для всех партий: daily, iccf или blitz-days
    .option-opening-description = Каждая партия начинается после этого дебюта: код ECO или название (Ruy Lopez)
    .option-fen-description = Каждая партия начинается с этой позиции (FEN; не на рейтинг)
    .option-tiebreaks-description = Порядок показателей швейцарки: bh1,bh,sb,de,wins (по умолчанию)

cmd-chess-league-join =
    .description = Вступить в открытую лигу этого канала
    .option-league-description = Номер лиги (по умолчанию лига этого канала)

cmd-chess-league-leave =
    .description = Выйти из лиги до её начала
    .option-league-description = Номер лиги (по умолчанию лига этого канала)

cmd-chess-league-start =
    .description = Начать лигу: все партии сразу (создатель или модератор)
    .option-league-description = Номер лиги (по умолчанию лига этого канала)

cmd-chess-league-standings =
    .description = Таблица лиги: текст и картинка
    .option-league-description = Номер лиги (по умолчанию лига этого канала)

cmd-chess-league-cancel =
    .description = Отменить лигу; идущие партии заканчиваются без результата
    .option-league-description = Номер лиги (по умолчанию лига этого канала)

cmd-chess-league-withdraw =
    .description = Выбыть из идущей лиги (см. правила)
    .option-league-description = Номер лиги (по умолчанию лига этого канала)

cmd-chess-league-export =
    .description = Турнирный отчёт швейцарки (FIDE TRF) файлом.
    .option-league-description = Номер лиги (по умолчанию лига этого канала)
    .option-format-description = trf (единственный формат)

cmd-chess-premove =
    .description = Условные ходы и личная заметка (видите только вы)

cmd-chess-premove-line =
    .description = Добавить вариант: ожидаемый ход соперника, ваш ответ и так далее
    .option-line-description = Ходы через пробел, например e5 Кf3 Кc6 Сb5
    .option-game-description = Номер партии (по умолчанию партия в этом канале)

cmd-chess-premove-list =
    .description = Показать ваши условные ходы
    .option-game-description = Номер партии (по умолчанию партия в этом канале)

cmd-chess-premove-clear =
    .description = Удалить все ваши условные ходы в партии
    .option-game-description = Номер партии (по умолчанию партия в этом канале)

cmd-chess-premove-note =
    .description = Личная заметка к партии: написать, показать (без текста) или удалить
    .option-text-description = Текст заметки (до 2000 символов); пусто — показать
    .option-clear-description = Удалить заметку
    .option-game-description = Номер партии (по умолчанию партия в этом канале)

cmd-chess-puzzle =
    .description = Задачи из ваших собственных партий

cmd-chess-puzzle-next =
    .description = Задача для вас, сначала из ваших партий (видна только вам)

cmd-chess-puzzle-solve =
    .description = Ответить на вашу задачу (Кf3 или g1f3)
    .option-move-description = Ваш ход, например Кf3, Фxf7+ или g1f3
    .option-puzzle-description = Номер задачи (по умолчанию ваша текущая)

cmd-chess-puzzle-daily =
    .description = Публиковать задачу дня в этом канале (модераторы)
    .option-on-description = Включить или выключить
    .option-hour-description = Час публикации по UTC (0-23, по умолчанию 18)

cmd-stats-menu = Шахматная статистика

cmd-choice-color-white = белые
cmd-choice-color-black = чёрные
cmd-choice-color-random = по жребию
cmd-choice-rules-house = домашние
cmd-choice-rules-fide = FIDE
cmd-choice-variant-standard = классические
cmd-choice-variant-chess960 = Chess960 (Фишера)
cmd-choice-notify-dm = личные сообщения
cmd-choice-notify-channel = канал партии
cmd-choice-notify-off = выключены
cmd-choice-pagename-shown = видно
cmd-choice-pagename-hidden = скрыто
cmd-choice-pages-on = включены
cmd-choice-pages-off = выключены

# Турниры по швейцарской системе (жеребьёвка по голландской системе ФИДЕ)
swiss-created = { $by } создал(а) турнир по швейцарской системе { $name } (лига { $id }): { $rounds ->
        [0] число туров определится при старте
       *[other] туров: { $rounds }
    }, дней на ход: { $days }, не больше { $max } игроков. Записаться: /chess league join.
swiss-too-few = Для старта { $name } нужно не меньше 4 игроков; сейчас { $count }.
swiss-started = { $name } (лига { $id }) начался: игроков { $n }, туров { $rounds }, жеребьёвка по голландской системе ФИДЕ.
swiss-round = { $name }, тур { $round } из { $rounds }:
swiss-pairing = Доска { $board }: { $white } (белые) - { $black } (чёрные)
swiss-bye = Свободен (одно очко): { $player }
swiss-late-joined = { $player } поздно записался(ась) в { $name }: пропущено туров без очков: { $missed }; жеребьёвка со следующего тура.
swiss-too-late = В { $name } уже сыгран жребий последнего тура: запись закрыта.
swiss-withdrew = { $player } выбыл(а) из { $name }: результаты сохраняются, текущая партия проиграна, в следующих турах игрок не участвует.
swiss-no-pairing = { $name } заканчивается до тура { $round }: ни одна жеребьёвка не соблюдает правила (без повторных встреч, цвета).
swiss-standings-row = { $rank }. { $player }: очков { $points } ({ $tiebreaks })
swiss-standings-header = # | Игрок | Очки
swiss-export = Турнирный отчёт { $name } (лига { $id }), FIDE TRF.
swiss-export-only = { $name } не турнир по швейцарской системе: турнирный отчёт есть только у него.
swiss-tiebreak = { $code ->
    [bh1] Бухгольц усечённый
    [bh] Бухгольц
    [sb] Зонненборн-Бергер
    [de] личная встреча
   *[wins] победы
}
swiss-tiebreak-short = { $code ->
    [bh1] BH-C1
    [bh] BH
    [sb] SB
    [de] ЛВ
   *[wins] П
}
swiss-tiebreak-order = Дополнительные показатели по порядку: { $order }.
swiss-tiebreak-unknown = «{ $name }» — не дополнительный показатель. Используйте bh1 (усечённый Бухгольц), bh (Бухгольц), sb (Зонненборн-Бергер), de (личная встреча) или wins через запятую.
swiss-tiebreaks-swiss-only = Порядок дополнительных показателей задаётся только для швейцарской системы: круговая лига считает Зонненборн-Бергер, личные встречи и победы.
cmd-choice-format-round_robin = круговая
cmd-choice-format-swiss = швейцарская
cmd-choice-format-trf = trf

## Командная игра (игра голосованием)
team-challenge-posted = Команда { $challenger } вызывает команду { $opponent } на игру голосованием. Любой в { $opponent } может принять вызов там: /team accept.
team-challenge-received = Команда { $challenger } вызывает этот канал ({ $opponent }) на игру голосованием. Принять может любой здесь: /team accept; после этого каждый /chess move здесь — голос за ход этого канала.
team-vote = Ваш голос: { $san } (проголосовали: { $voted } из { $members }).
team-vote-closed = { $team }: голосование закрыто, сыгран ход { $san }. Голоса: { $tally }.
team-summary-voters = Голосовавшие за { $team } (сыгранные варианты из голосов): { $list }.
team-voter = { $name } { $played } из { $voted }
team-vote-closed-motion = { $team }: голосование закрыто, большинство выбрало: { $motion }. Голоса: { $tally }.
team-motion-vote = Ваш голос: { $motion } (пока { $support } из { $voters } проголосовавших; нужно больше половины).
team-motion-not-now = Команда голосует за ничью или сдачу в свой ход; в ход другой стороны можно только попросить вернуть свой последний ход (takeback).
team-motion-draw = ничья
team-motion-resign = сдача
team-motion-takeback = возврат хода
team-votes = Голоса { $team } за этот ход: { $tally } (проголосовали: { $voted } из { $members }).
team-votes-none = За этот ход { $team } ещё никто не проголосовал.
team-votes-waiting = { $team } ждёт хода другой стороны: голосование не открыто.
team-other-side = Вы голосуете за { $team } в партии { $id }: в одной партии можно голосовать только за одну сторону.
team-not-for-teams = Команда играет голосованием: заявления и дополнительное время командам недоступны (команда, которая не голосует, проигрывает по времени).
team-moderators-only = Это могут делать только модераторы этого канала.
team-limit = В этом сообществе уже идут командные партии и вызовы (максимум { $max }): сначала завершите одну из них.
team-own-channel = Канал не может вызвать сам себя: укажите другой канал.
team-code-posted = Команда { $team } вызывает другое сообщество на партию голосованием. Код: { $code } (одноразовый, действует { $days } дн.). Модератор там выполняет /team accept code:{ $code } в канале, который будет играть.
team-code-unavailable = Сейчас не удалось создать код: попробуйте ещё раз.
team-code-moderators = Принять вызов другого сообщества по коду может только модератор этого канала.
team-code-unknown = Нет командного вызова с таким кодом: возможно, он набран с ошибкой, уже использован или истёк (коды действуют 7 дней).
team-code-other-platform = Этот код создан на другой платформе: командная партия играется между двумя местами одной платформы.
team-no-game = В этом канале не идёт командная партия.
team-no-challenge = Для этого канала нет командного вызова.
team-members = Названные участники { $team }: { $list }.
team-members-none = У { $team } нет названных участников: голосовать может любой здесь, и голосование закрывается в срок хода.
team-busy = { $team } занят: там уже идёт партия или ждёт вызов.
team-nothing-to-close = Закрывать нечего: за этот ход ещё никто не проголосовал.

## The /team command on Discord
cmd-team =
    .description = Командная игра: канал играет командой, участники голосуют за ходы.

cmd-team-challenge =
    .description = Вызвать команду другого канала, движок или (без них) другой сервер по коду.
    .option-channel-description = Канал, чью команду вы вызываете (этот сервер)
    .option-level-description = Или играть с движком: уровень от 1 (слабейший) до 8
    .option-days-description = Дней на ход, от 1 до 14 (по умолчанию 2)
    .option-color-description = Цвет этой команды (по умолчанию случайный)
    .option-rules-description = house (по умолчанию) или fide

cmd-team-accept =
    .description = Принять командный вызов этому каналу или вызов другого сервера по коду.
    .option-code-description = Код командного вызова другого сервера (модераторы)

cmd-team-votes =
    .description = Голоса текущего голосования этого канала.

cmd-team-close =
    .description = Закрыть голосование этого канала сейчас (модераторы).

cmd-team-members =
    .description = Названные участники команды; модераторы добавляют или убирают.
    .option-add-description = Назвать участника (модераторы)
    .option-remove-description = Убрать участника из списка (модераторы)
