# chessbot: mesajele în română. Aceleași chei și argumente ca în
# en/chessbot.ftl. Termeni: șah mat, pat, remiză, rocadă, a ceda, partidă,
# mutare; piesele în notație: R rege, D damă, T turn, N nebun, C cal.

## Cuvinte folosite în alte mesaje

color = { $color ->
    [white] alb
   *[black] negru
}

player-to-move = jucătorul aflat la mutare

termination = { $termination ->
    [checkmate] șah mat
    [stalemate] pat
    [dead_position] poziție moartă
    [threefold_repetition] repetarea poziției de trei ori
    [fifty_moves] regula celor 50 de mutări
    [fivefold_repetition] repetarea poziției de cinci ori
    [seventyfive_moves] regula celor 75 de mutări
    [agreement] remiză de comun acord
    [resignation] abandon
    [timeout] timp depășit
    [aborted] partidă anulată
    [tablebase] tabelele de final
   *[other] { $termination }
}

san-local = { $local } ({ $san })

## Provocări

challenge-posted = { $open ->
        [yes] { $challenger } lansează o provocare deschisă: oricine de aici o poate accepta
       *[no] { $challenger } lansează o provocare pentru { $opponent }
    } ({ $color ->
        [white] { $challenger } joacă cu albele
        [black] { $challenger } joacă cu negrele
       *[random] culorile se trag la sorți
    }, { $banked ->
       *[no] { $days ->
            [one] { $days } zi
            [few] { $days } zile
           *[other] { $days } de zile
        } pe mutare
        [yes] o rezervă de { $bank } zile fiecare, plus { $increment } pe mutare
    }, { $rules ->
        [fide] regulile stricte FIDE
       *[house] regulile casei
    }{ $custom ->
        [yes] , dintr-o poziție dată
       *[no] {""}
    }{ $casual ->
        [yes] , amical
       *[no] {""}
    }). { $open ->
        [yes] Răspundeți cu `/chess accept`.
       *[no] { $opponent }: `/chess accept` sau `/chess decline`.
    }

challenge-declined = { $by } a refuzat provocarea lansată de { $challenger }.

challenge-cancelled = { $challenger } și-a retras provocarea.

game-started = Începe partida #{ $id }: { $white } (albele) contra { $black } (negrele). La mutare: { $to_move }, termen { $until }.

## Mutări și tablă

moved = { $by } a jucat { $number }{ $san }. La mutare: { $next }, termen { $until }.

moved-final = { $by } a jucat { $number }{ $san }.

game-title = { $kind ->
    [league] { $name }, partida { $number }
    [swiss] { $name }, runda { $round }, masa { $board }
    [match] Meciul { $number }, masa { $board }, partida { $round }
   *[game] Partida #{ $id }
}
game-ref = { $kind ->
    [league] partida { $number } din { $name }
    [swiss] runda { $round }, masa { $board } din { $name }
    [match] partida { $round } de la masa { $board } din meciul { $number }
   *[game] partida #{ $id }
}
board-caption = { $title }: { $white } (albele) contra { $black } (negrele). La mutare: { $to_move }, termen { $until }.

final-board-caption = { $title }: { $white } (albele) contra { $black } (negrele), încheiată { $result }.

## Remize, mutări retrase

draw-offered = { $by } propune remiză. { $to }: `/chess draw` pentru a accepta, `/chess decline` sau o mutare pentru a refuza.

draw-declined = { $by } a refuzat propunerea de remiză.

draw-offer-lapsed = { $mover } a mutat în schimb: oferta de remiză a lui { $offerer } a expirat.

takeback-requested = { $by } cere să-și retragă ultima mutare. { $to }: `/chess takeback` pentru a fi de acord, `/chess decline` pentru a refuza.

takeback-declined = { $by } a refuzat retragerea mutării.

takeback-done = { $plies ->
        [1] Ultima mutare a fost retrasă
       *[other] Ultimele două mutări au fost retrase
    } ({ $moves }). La mutare: { $to_move }, termen { $until }.

## Termene

reminder = { $player }, sunteți la mutare în { $game }: termenul este { $until }.

## Sfârșitul partidei

summary = { $case ->
        [checkmate] Șah mat: câștigă { $winner }.
        [resignation] { $loser } cedează: câștigă { $winner }.
        [resignation-draw] { $loser } cedează, dar adversarul mai are doar regele: remiză.
        [timeout] { $loser } a depășit timpul: câștigă { $winner }.
        [timeout-draw] { $loser } a depășit timpul, dar adversarul mai are doar regele: remiză.
        [stalemate] Remiză prin pat.
        [dead_position] Remiză: poziție moartă, niciuna dintre părți nu mai poate da mat.
        [threefold_repetition] Remiză prin repetarea poziției de trei ori.
        [fifty_moves] Remiză prin regula celor 50 de mutări.
        [fivefold_repetition] Remiză prin repetarea poziției de cinci ori.
        [seventyfive_moves] Remiză prin regula celor 75 de mutări.
        [agreement] Remiză de comun acord.
        [aborted] Partidă anulată: fără rezultat.
        [tablebase] Tabelele de final decid: { $winner } câștigă.
        [tablebase-draw] Tabelele de final decid: remiză.
       *[other] Partidă încheiată ({ termination }).
    } Rezultat: { $result }.

aborted-no-first-move = { $player } nu a făcut prima mutare la timp: partida este anulată, fără rezultat.

## Liste

games-line = { $title } { $white } - { $black } în { $where }: mută { $to_move }, termen { $until }

games-your-move-heading = Sunteți la mutare în:

no-games = Nu aveți partide în desfășurare.

games-waiting-heading = Așteaptă mutarea adversarului:

history-line = #{ $id } { $white } - { $black } { $result } ({ termination })

history-heading = Partide încheiate ({ $user }):

no-history = { $user } nu are încă nicio partidă încheiată.

## Ajutor

help =
    Șah prin corespondență. Comenzi:
    { $commands }
    Piesele se notează cu literele românești: R rege, D damă, T turn, N nebun, C cal; pionul nu are literă (e4, exd5). Atenție: N înseamnă nebun, nu cal. Rocada: O-O sau O-O-O.

help-line = /chess { $usage } - { $what }

help-command = { $command ->
    [challenge] provocați pe cineva (sau pe oricine) aici
    [time-control] o bancă de timp în loc de zile pe mutare (în zile; fiecare mutare adaugă incrementul) sau un control predefinit după nume
    [pgn-continue] continuați o partidă din PGN-ul ei (lipit sau ca fișier pe Discord; game:N alege una din mai multe; \n între ghilimele e un rând nou)
    [answer] acceptați, refuzați sau retrageți o provocare
    [computer] jucați aici cu calculatorul (Stockfish), imediat; nivelul 1 e cel mai slab, 8 forța maximă (implicit 3); fără rating
    [move] jucați o mutare (Cf3, e4, exd5, O-O, e8=D, ...)
    [board] arată tabla (private:true: doar dumneavoastră, cu nota)
    [draw] propuneți remiză sau acceptați propunerea adversarului (claim:true: o cereți, ca la claim)
    [resign] cedați partida
    [abort] anulați partida fără rezultat, înainte ca ambele părți să fi mutat
    [takeback] cereți să vă retrageți ultima mutare (adversarul este de acord tot cu /chess takeback)
    [rematch] provocați din nou ultimul adversar de aici, cu culorile inversate
    [claim] cereți remiză la repetarea poziției de trei ori sau după regula celor 50 de mutări, eventual cu mutarea care o produce (doar cu regulile stricte FIDE)
    [pgn] partida în format PGN
    [summary] rezumatul unei partide încheiate (implicit ultima de aici)
    [games] partidele dumneavoastră în curs
    [history] partidele încheiate
    [stats] ratingul și rezultatele unui jucător (implicit ale dumneavoastră); cu vs, scorul întâlnirilor directe
    [leaderboard] cei mai buni jucători ai serverului după rating
    [settings] arată sau schimbă limba acestui canal (în timpul unei partide: doar jucătorii ei și moderatorii)
    [settings-board] tablele: ce parte este jos (într-un canal pentru toți, auto: albul; în mesaj direct pentru imaginile trimise dumneavoastră, auto: partea dumneavoastră) și culorile lor
    [moretime] dați adversarului aflat la mutare încă o zi (cel mult de 7 ori într-o partidă)
    [vacation-left] câte zile de vacanță v-au mai rămas
    [vacation] opriți-vă ceasurile în toate partidele pentru N zile (30 de zile pe an calendaristic, 45 dacă comunitatea permite; days:0 o încheie mai devreme)
    [notify] unde primiți anunțurile că sunteți la mutare și mementourile
    [digest] un rezumat privat pe zi la acea oră din fusul dumneavoastră orar (tz: diferența față de UTC) cu partidele în care sunteți la mutare, în locul unui anunț la fiecare mutare; mementourile vin în continuare
    [pagename] numele dumneavoastră pe paginile pentru spectatori ale partidelor
    [pages] moderatori: pornesc sau opresc paginile pentru spectatori ale comunității
    [images] tablele și notificările tale private în cuvinte în loc de imagini (off) sau imagini (on)
    [tablebase] moderatori: tabelele de final încheie partidele la cerere sau imediat (oprit implicit)
    [community-rules] moderatori: zilele de vacanță pe an ale comunității, controlul de timp implicit și procentul de depășiri care oprește provocările cu rating
    [league] ligi fiecare cu fiecare în acest canal
    [swiss] turnee elvețiene împerecheate după sistemul olandez FIDE; tiebreaks: fixează ordinea departajărilor (implicit bh1,bh,sb,de,wins); export: fișierul de raport FIDE
    [thematic] fiecare partidă a ligii sau a turneului elvețian începe după o linie de deschidere (cod ECO sau nume) sau dintr-o poziție
    [premove] mutări condiționate, de exemplu line:"e5 Cf3 Cc6 Nb5": dacă adversarul joacă e5, Cf3 se joacă imediat pentru tine și așa mai departe (doar tu le vezi); /chess premove singur le arată, /chess premove clear le șterge
    [note] o notă privată la partida ta de aici, văzută doar de tine (în /chess games și în copia ta a PGN-ului)
    [puzzle] o problemă din propriile partide (doar pentru voi)
    [solve] răspundeți la problemă
    [puzzle-daily] o problemă pe zi aici (moderatorii)
    [chess960] șah Fischer (Chess960) cu rating separat (poziția de start la întâmplare dacă nu e dată); și computer variant:chess960, stats variant:chess960, leaderboard variant:chess960
    [team] un canal joacă pe echipe: membrii lui votează mutările cu move (și /team ... și !team ...)
    [team-match] un meci între două comunități (sau canale): jucătorii fiecărei părți se înscriu, fiecare tablă e o partidă între doi jucători, fiecare în canalul părții sale (moderatorii creează, acceptă și pornesc)
   *[help] acest text
}

## Setări

language-set = De acum vorbesc românește în acest canal. Mutările se scriu cu literele românești: R rege, D damă, T turn, N nebun, C cal.

language-current = { $set ->
        [yes] Limba acestui canal: { $language ->
            [th] thailandeză (ไทย)
            [ru] rusă (русский)
            [ro] română
           *[en] engleză (English)
        }.
       *[no] Pentru acest canal nu este setată nicio limbă: răspund în engleză{ $platform ->
            [discord] {" "}sau în limba aplicației dumneavoastră Discord
           *[other] {""}
        }.
    } Oricine de aici o poate schimba cu `/chess settings language:en|th|ru|ro`.

time-left = { $unit ->
        [days] { $a } z { $b } h
        [hours] { $a } h { $b } min
       *[minutes] { $a } min
    }

unknown-language = Nu vorbesc `{ $given }`. Alegeți una dintre: en (English), th (ไทย), ru (русский), ro (română).

## Erori

invalid-notation = Nu pot citi mutarea „{ $input }”. Încercați notația algebrică, de exemplu Cf3, exd5, O-O, e8=D, sau UCI, de exemplu g1f3.

missing-move = Ce mutare? De exemplu `/chess move e4`.

move-too-long = Este mult prea lung pentru o mutare.

illegal-move = Mutare ilegală { $input }: { $reason ->
        [no_piece] nu aveți { $role ->
            [pawn] niciun pion
            [knight] niciun cal
            [bishop] niciun nebun
            [rook] niciun turn
            [queen] nicio damă
           *[king] regele
        } pe { $square }
        [not_your_piece] piesa de pe { $square } nu este a dumneavoastră
        [unreachable] { $role ->
            [pawn] niciun pion de-al dumneavoastră nu poate
            [knight] niciun cal de-al dumneavoastră nu poate
            [bishop] niciun nebun de-al dumneavoastră nu poate
            [rook] niciun turn de-al dumneavoastră nu poate
            [queen] nicio damă de-a dumneavoastră nu poate
           *[king] regele nu poate
        } ajunge pe { $square }
        [pinned] piesa de pe { $square } este legată: acoperă regele de șah
        [in_check] regele este în șah, iar mutarea aceasta nu îl scoate din șah
        [king_into_check] pe acel câmp regele ar fi în șah
        [exposes_king] mutarea ar lăsa regele în șah
        [no_castling_rights] rocada { $side ->
            [king] mică
           *[queen] mare
        } nu mai este permisă: regele sau turnul acela a fost deja mutat
        [castle_out_of_check] nu puteți face rocada când sunteți în șah
        [castle_blocked] rocada { $side ->
            [king] mică
           *[queen] mare
        } nu este posibilă: între rege și turn se află piese
        [castle_through_check] regele nu poate trece printr-un câmp atacat ({ $square })
        [castle_into_check] după rocadă regele ar fi în șah ({ $square } este atacat)
       *[other] mutarea nu este permisă aici
    }.

ambiguous-move = Mutare ambiguă { $input }: poate fi { $candidates }. Precizați ce piesă mutați.

notation-did-you-mean = Nu pot citi „{ $input }” ca mutare. Ați vrut să scrieți { $suggestion }? Coloanele se scriu cu litere mici (e4, Cf3); literele pieselor, cu majuscule.

promotion-to-king = { $input }: un pion nu poate deveni rege. Alegeți o damă, un turn, un nebun sau un cal, de exemplu e8=D.

promotion-which-piece = În ce piesă să se transforme pionul? Scrieți una dintre { $candidates }.

push-is-capture = { $input } este o mutare de pion înainte, dar niciun pion de-al dumneavoastră nu poate avansa acolo. Ați vrut să spuneți { $captures }?

language-locked = Cât timp { $white } și { $black } joacă aici, doar ei (sau un moderator) pot schimba limba: de ea depinde cum le sunt citite mutările.

not-your-turn = Nu sunteți la mutare: mută { $to_move }.

not-a-player = Doar jucătorii acestei partide ({ $white } și { $black }) pot face asta.

no-game = Nu se joacă nicio partidă în acest canal. Începeți una cu `/chess challenge`.

no-game-yours-elsewhere = Nu se joacă nicio partidă în acest canal. { $count ->
        [one] Partida dumneavoastră se joacă în { $channels }: mutați acolo.
       *[other] Partidele dumneavoastră se joacă în { $channels }: mutați acolo.
    }

no-game-here = În acest canal nu s-a jucat încă nicio partidă.

no-such-game = Nu există partida #{ $id }.

game-in-progress = În acest canal se joacă partida #{ $id } ({ $white } contra { $black }): o singură partidă pe canal. Terminați-o mai întâi sau jucați în alt canal.

challenge-pending = { $challenger } are o provocare deschisă în acest canal: acceptați-o sau refuzați-o mai întâi (sau jucați în alt canal).

no-challenge = Nu există nicio provocare deschisă în acest canal.

challenge-not-for-you = Această provocare este pentru { $opponent }.

own-challenge = Nu vă puteți accepta propria provocare; `/chess cancel` o retrage.

not-your-challenge = Doar { $challenger } poate retrage această provocare.

open-challenge-no-decline = Această provocare este deschisă tuturor: nu aveți ce refuza.

self-challenge = Nu puteți juca împotriva propriei persoane.

challenge-computer = Calculatorul nu poate fi provocat: jucați cu el prin `/chess computer` (level:1-8).

bad-vacation-days = Numărul de zile de vacanță trebuie să fie un număr întreg de la 0 la { $max } (0 încheie vacanța mai devreme), nu { $given }.

bad-days = Numărul de zile pe mutare trebuie să fie un număr întreg de la 1 la 14, nu { $given }.

invalid-fen = FEN invalid: { $detail }.

fen-game-over = FEN invalid: în această poziție partida s-a încheiat deja.

draw-too-early = Remiza se poate propune doar după ce ambele părți au făcut o mutare.

draw-already-offered = Propunerea dumneavoastră de remiză este deja valabilă.

abort-too-late = Prea târziu pentru anulare: ambele părți au mutat. Puteți propune remiză sau ceda.

nothing-to-take-back = Nu aveți nicio mutare de retras.

takeback-already-requested = Cererea dumneavoastră de retragere a mutării este deja valabilă.

nothing-to-decline = Aici nu există nicio provocare, propunere de remiză sau cerere de retragere a mutării pe care s-o puteți refuza.

claim-refused = Nu se poate cere remiză: { $reason ->
        [not_fide] remiza se cere doar cu regulile stricte FIDE, cu regulile casei ea vine de la sine
        [over] partida s-a încheiat deja
       *[nothing] nu există nici repetarea poziției de trei ori, nici 50 de mutări fără captură sau mutare de pion
    }.

claim-refused-move-stands = Cererea este respinsă: mutarea nu produce o repetare de trei ori și nu încheie 50 de mutări. Mutarea rămâne, partida continuă.

no-rematch = În acest canal nu există nicio partidă încheiată pentru revanșă.

rematch-not-player = Doar { $white } și { $black } pot cere revanșa.

position-changed = Poziția s-a schimbat înainte ca comanda dumneavoastră să fie aplicată (a venit mai întâi altă mutare sau expirarea timpului). Priviți tabla și încercați din nou.

# Apăsări pe butoanele a ceva deja rezolvat (nu se schimbă nimic).
button-challenge-gone = Această provocare nu mai este deschisă (a fost acceptată, refuzată sau retrasă), așa că butonul nu face nimic.
button-game-gone = Partida #{ $id } nu se mai joacă aici, așa că butonul nu face nimic.
button-draw-gone = Această propunere de remiză nu mai este valabilă (a fost refuzată sau s-a mutat între timp), așa că butonul nu face nimic.
button-stale = Acest buton este depășit, așa că nu face nimic.

internal = Ne pare rău, ceva nu a mers bine la mine. Vă rog să încercați din nou.

unavailable = Nu pot ajunge la baza mea de date acum, așa că nu am făcut nimic. Vă rog să încercați din nou peste un minut.

unknown-command = Comandă necunoscută `{ $name }`. `/chess help` arată comenzile.

missing-command = Ce comandă? `/chess help` le arată.

invalid-option = { $detail }. `/chess help` arată opțiunile.

unknown-option = `{ $command }` nu are opțiunea `{ $name }`. `/chess help` arată opțiunile.

bad-option-value = `{ $value }` nu este o valoare validă pentru `{ $name }`. `/chess help` arată opțiunile.

unexpected-argument-mention = `{ $command }` nu acceptă `{ $arg }`: ați vrut să scrieți `@{ $arg }` (un jucător se numește cu @)?

unexpected-argument = `{ $command }` nu acceptă `{ $arg }`. `/chess help` arată opțiunile.

unterminated-quote = Unei valori între ghilimele îi lipsește `"` de închidere. `/chess help` arată opțiunile.

input-too-long = Mesajul este prea lung pentru o comandă de șah.

## Adaptoare

console-bad-line = Scrieți `NUME: TEXT` sau `NUME@CANAL: TEXT`, de exemplu `alice: /chess help`.

console-greeting-images = Consola chessbot: scrieți `NUME: COMANDĂ` sau `NUME@CANAL: COMANDĂ`, de exemplu `alice: /chess challenge @bob`; imaginile tablei merg în { $dir }. `alice: /chess help` arată comenzile; Ctrl-D închide.

console-greeting-text = Consola chessbot: scrieți `NUME: COMANDĂ` sau `NUME@CANAL: COMANDĂ`, de exemplu `alice: /chess challenge @bob`; tablele sunt desenate ca text (`--images DIR` scrie imagini). `alice: /chess help` arată comenzile; Ctrl-D închide.

console-unknown-directive = Directivă de consolă necunoscută `:{ $directive }`; `:advance 3d` (sau h, m) mută ceasul înainte.

console-bad-span = Nu pot citi `{ $given }` ca interval de timp: folosiți de exemplu `3d`, `5h`, `30m`.

console-not-utf8 = Linia nu este text UTF-8 valid; a fost sărită.

console-clock-limit = Ceasul nu poate fi mutat atât de departe: cel mult { $days ->
            [one] { $days } zi
            [few] { $days } zile
           *[other] { $days } de zile
        } înaintea timpului real.

resign-question = Abandonați partida? Decizia nu mai poate fi anulată.

resign-dropped = Jocul continuă.

done = Gata.

command-interrupted = M-am repornit în timp ce executam această comandă, așa că nu știu dacă a avut efect. Verificați cu `!chess board` și trimiteți-o din nou dacă e nevoie.
slow-down = Mai încet, vă rog: prea multe comenzi într-un timp scurt. O vreme nu voi mai răspunde, apoi voi răspunde din nou.

# The name of a game's thread (Discord).
thread-name = { $white } contra { $black }
no-threads = Nu pot deschide un fir pentru această partidă aici (am nevoie de permisiunea Creare fire publice), așa că partidele rămân în acest canal.

button-label = { $button ->
    [promote-queen] Damă
    [promote-rook] Turn
    [promote-bishop] Nebun
    [promote-knight] Cal
    [accept-challenge] Acceptă
    [decline-challenge] Refuză
    [accept-draw] Acceptă remiza
    [decline-draw] Refuză remiza
    [resign-confirm] Da, abandonez
    [resign-cancel] Continui partida
    [rematch] Revanșă
   *[resign] Abandonează
}

## Ratings and records

rating-change = { $player }: { $before } → { $after } ({ $diff })

stats-rated = { $player }: rating { $rating }{ $provisional ->
        [yes] ? (provizoriu)
       *[no] {""}
    }, RD { $rd }. Partide: { $games } (victorii { $wins }, remize { $draws }, înfrângeri { $losses }).

stats-unrated = { $player } nu are încă partide cu rating (toți încep de la 1500).

stats-vs = Împotriva lui { $opponent }: partide { $games }, victorii { $wins }, remize { $draws }, înfrângeri { $losses }.

leaderboard-heading = Clasament (ratingurile provizorii, cu RD peste 110, sunt listate după celelalte):

leaderboard-line = { $rank }. { $player } { $rating }{ $provisional ->
        [yes] ?
       *[no] {""}
    } (partide: { $games })

leaderboard-empty = Nimeni nu a jucat încă aici o partidă cu rating.

stats-streak = Seria curentă: { $kind ->
        [win] { $count ->
            [one] { $count } victorie
            [few] { $count } victorii
           *[other] { $count } de victorii
        }
        [draw] { $count ->
            [one] { $count } remiză
            [few] { $count } remize
           *[other] { $count } de remize
        }
       *[loss] { $count ->
            [one] { $count } înfrângere
            [few] { $count } înfrângeri
           *[other] { $count } de înfrângeri
        }
    }.
stats-best-win = Cea mai bună victorie: contra lui { $opponent } ({ $rating }), partida #{ $game }.

## Summaries

summary-heading = { $title }: { $white } - { $black } { $result } ({ $termination }), { $moves }, { $days }.
summary-moves = { $moves ->
        [one] { $moves } mutare
        [few] { $moves } mutări
       *[other] { $moves } de mutări
    }
summary-winner = { $winner } câștigă
summary-draw = Remiză
summary-opening = Deschiderea: { $opening }
summary-analysis-side = { $player }: { $inaccuracies ->
            [one] { $inaccuracies } imprecizie
            [few] { $inaccuracies } imprecizii
           *[other] { $inaccuracies } de imprecizii
        }, { $mistakes ->
            [one] { $mistakes } greșeală
            [few] { $mistakes } greșeli
           *[other] { $mistakes } de greșeli
        }, { $blunders ->
            [one] { $blunders } gafă
            [few] { $blunders } gafe
           *[other] { $blunders } de gafe
        }; pierdere medie { $acpl ->
            [one] { $acpl } centipion
            [few] { $acpl } centipioni
           *[other] { $acpl } de centipioni
        }, precizie { $accuracy }%
summary-worst = Cea mai slabă mutare: { $number } { $san } ({ $player }); mai bună era { $best }.
summary-analysis-follows = Analiza motorului: motorul este ocupat; cifrele vin într-o postare separată.
summary-analysis-after-round = Analiza motorului: după rundă (alte partide ale turneului se joacă încă din aceeași poziție de start).
summary-analysis-later = Analiza motorului pentru partida #{ $id }:
summary-analysis-cut = Motorul a rămas fără timp: cifrele acoperă mutările până la mutarea { $last } din { $total }.
summary-analysis-shallow = De la mutarea { $from } motorul a fost ocupat și a căutat mai puțin adânc.
summary-lichess = Analizează pe lichess
no-finished-game-here = Nicio partidă nu s-a încheiat încă în acest canal.
summary-game-running = Partida #{ $id } încă se joacă: rezumatul vine când se termină.
summary-aborted = Partida #{ $id } a fost anulată: partidele anulate nu au rezumat.

## Partide cu calculatorul

computer-started = Începe partida #{ $id } cu calculatorul: { $white } (albele) contra { $black } (negrele), fără rating. { $engine_first ->
        [yes] Calculatorul mută primul.
       *[no] La mutare: { $to_move }, termen { $until }.
    }

bad-level = Nivelul trebuie să fie un număr întreg de la 1 (cel mai slab) la 8 (forța maximă), nu { $given }.

engine-unavailable = Aici nu se poate juca cu calculatorul: programul de șah (Stockfish) nu este instalat. Cine rulează botul îl poate instala cu `apt-get install stockfish` sau poate indica fișierul lui în STOCKFISH_PATH.

engine-no-answer = Calculatorul nu a putut răspunde acum (programul de șah nu este disponibil). Nu se pierde nimic: dacă are de mutat, partida îl așteaptă, iar el încearcă din nou la următoarea comandă de aici, de exemplu `/chess board`.

computer-draw-declined = { $by } refuză remiza: calculatorul o acceptă doar după mutarea 30, într-o poziție pe care o consideră egală (în limita a 0,3 pioni).
engine-oracle-refused = Nu pornesc motorul din această poziție: ea stă într-una dintre partidele tale în curs, iar mutările motorului ți-ar juca partida. Încearcă după ce partida se termină.

## Comoditățile jocului prin corespondență

challenge-expired = Provocarea lui { $challenger } a expirat: nimeni nu i-a răspuns în 7 zile.

challenge-cancelled-by = { $by } a retras provocarea lui { $challenger }.

own-challenge-pending = Aveți deja o provocare deschisă aici; `/chess cancel` o retrage.

vacation-started = { $player } este în vacanță până la { $until }: ceasul său este oprit până atunci.

vacation-over = { $player } s-a întors din vacanță: ceasul său merge din nou.

vacation-summary = Sunteți în vacanță pentru { $days ->
        [one] { $days } zi
        [few] { $days } zile
       *[other] { $days } de zile
    }, până la { $until }: ceasurile dumneavoastră sunt oprite în { $games ->
        [one] { $games } partidă
        [few] { $games } partide
       *[other] { $games } de partide
    }. Zile de vacanță rămase în acest an calendaristic: { $left }; `/chess vacation days:0` o încheie mai devreme.

vacation-ended-summary = Vacanța s-a încheiat, ceasurile dumneavoastră merg din nou. Zile nefolosite returnate: { $returned }; zile de vacanță rămase: { $left }.

vacation-running = Sunteți deja în vacanță până la { $until }; `/chess vacation days:0` o încheie.

not-on-vacation = Nu sunteți în vacanță.

vacation-limit = { $left ->
        [0] Nu mai aveți zile de vacanță anul acesta: sunt permise cel mult { $allowance } de zile pe an calendaristic.
       *[other] Zile de vacanță rămase: { $left } (cel mult { $allowance } de zile pe an calendaristic).
    }

moretime-given = { $by } îi dă lui { $player } încă o zi: termenul este acum { $until }.

moretime-self = Sunteți la mutare: doar adversarul vă poate da mai mult timp.

moretime-limit = Ați dat deja timp în plus în această partidă { $limit ->
            [one] o dată
            [few] de { $limit } ori
           *[other] de { $limit } de ori
        }, cât este permis.

notify-set = { $where ->
        [dm] Anunțurile că sunteți la mutare și mementourile vin acum prin mesaj direct.
        [off] Nu mai primiți anunțuri că sunteți la mutare și nici mementouri (canalele partidelor arată în continuare fiecare mutare).
       *[channel] Anunțurile că sunteți la mutare și mementourile vin acum în canalul partidei.
    }

your-move-dm = Sunteți la mutare în { $game } din { $where }: { $by } a jucat { $number }{ $san }. Termen: { $until }.

reminder-dm = Sunteți la mutare în { $game } din { $where }: termenul este { $until }.

vacation-status = { $on ->
        [yes] Sunteți în vacanță până la { $until }.
       *[no] Nu sunteți în vacanță.
    } Zile de vacanță rămase în acest an calendaristic: { $left } (cel mult { $allowance } pe an; zilele nefolosite nu se reportează).

board-view-set = { $view ->
        [white] Tablele dumneavoastră arată acum albul jos.
        [black] Tablele dumneavoastră arată acum negrul jos.
       *[auto] Tablele dumneavoastră arată acum jos partea dumneavoastră.
    }

board-theme-set = Tablele dumneavoastră folosesc acum tema { $theme ->
        [blue] albastră
        [green] verde
        [high-contrast] cu contrast ridicat
       *[brown] maro
    }.

channel-theme-set = Tablele partidelor din acest canal folosesc acum tema { $theme ->
        [blue] albastră
        [green] verde
        [high-contrast] cu contrast ridicat
       *[brown] maro
    } pentru toți. Tema proprie (`settings theme:` într-un mesaj direct) este pentru imaginile trimise doar dumneavoastră.

board-settings-current = Tablele dumneavoastră: { $view ->
        [white] albul jos
        [black] negrul jos
       *[auto] jos partea dumneavoastră
    }, tema { $theme ->
        [blue] albastră
        [green] verde
        [high-contrast] cu contrast ridicat
       *[brown] maro
    }. Le schimbați cu `settings board:white|black|auto theme:brown|blue|green|high-contrast`.

## Timpul relativ lângă termene (consola și Matrix)

time-now = acum
time-in = peste { $unit ->
        [minutes] { $n ->
            [one] { $n } minut
            [few] { $n } minute
           *[other] { $n } de minute
        }
        [hours] { $n ->
            [one] { $n } oră
            [few] { $n } ore
           *[other] { $n } de ore
        }
       *[days] { $n ->
            [one] { $n } zi
            [few] { $n } zile
           *[other] { $n } de zile
        }
    }
time-ago = acum { $unit ->
        [minutes] { $n ->
            [one] { $n } minut
            [few] { $n } minute
           *[other] { $n } de minute
        }
        [hours] { $n ->
            [one] { $n } oră
            [few] { $n } ore
           *[other] { $n } de ore
        }
       *[days] { $n ->
            [one] { $n } zi
            [few] { $n } zile
           *[other] { $n } de zile
        }
    }

## Matrix trust: a message the bot could not decrypt (told once).
cannot-decrypt = Nu am putut citi ultimul dumneavoastră mesaj: clientul dumneavoastră nu mi-a trimis cheile de criptare. Verificați-mă (sau permiteți trimiterea către sesiuni neverificate din setările de securitate ale clientului), apoi trimiteți din nou comanda.
answered-privately = Ți-am trimis răspunsul într-un mesaj direct (camera noastră directă).
no-private-room = Răspunsul meu e privat și nu am putut deschide o cameră directă cu tine: începe o conversație directă cu mine, apoi întreabă din nou.

## Spectator pages

watch-link = Urmăriți în direct: { $url }
watch-button = Urmăriți
pages-on = Paginile pentru spectatori ale acestei comunități sunt pornite: jocurile și ligile noi primesc un link de urmărire.
pages-off = Paginile pentru spectatori ale acestei comunități sunt oprite: nu se servește nicio pagină și nu se publică niciun link.
pages-not-moderator = Doar moderatorii pot porni sau opri paginile pentru spectatori.
page-renewed = Pagina partidei { $id } are o adresă nouă: { $url } (adresa veche nu se mai deschide).
page-renew-not-player = Doar jucătorii partidei și moderatorii pot da paginii o adresă nouă.
page-renew-no-page = Această partidă nu are pagină pentru spectatori (paginile sunt oprite aici sau nu sunt servite).
page-name-hidden = Numele tău este ascuns pe paginile pentru spectatori ale partidelor tale: acolo apare „Jucătorul cu albele” sau „Jucătorul cu negrele”. Canalul partidei îl arată în continuare.
page-name-shown = Numele tău apare din nou pe paginile pentru spectatori ale partidelor tale.

## Chess960

chess960-start = Șah Fischer (Chess960), poziția de start { $number }.
chess960-set-up = Șah Fischer (Chess960) dintr-o poziție dată.
unknown-variant = Nu joc varianta `{ $given }`. Alegeți standard sau chess960.
chess960-bad-position = Nu există poziția de start Chess960 `{ $given }`: pozițiile sunt numerotate de la 0 la 959.
chess960-position-standard = Un număr de poziție de start este doar pentru Chess960: folosiți variant:chess960 sau lăsați poziția deoparte.
chess960-position-and-fen = Dați fie un număr de poziție Chess960, fie un FEN, nu amândouă.
chess960-ratings = Ratinguri Chess960:

# Rezerve de timp, presetări și partide continuate dintr-un PGN

bad-bank = O rezervă de timp este un număr întreg de zile de la 1 la 60, nu { $given }.
bad-increment = Un increment este un număr întreg de zile de la 0 la 10, nu { $given }.
increment-without-bank = Un increment are nevoie de o rezervă: adăugați bank:B (zile), de exemplu bank:10 increment:1.
control-and-bank = Dați fie o presetare (control:), fie propria rezervă și increment, nu ambele.
unknown-control = Nu cunosc controlul de timp `{ $given }`: alegeți daily, iccf sau blitz-days.
bank-control = Rezervă de timp: { $bank } zile fiecare, plus { $increment } pe mutare.
no-vacation-control = O vacanță nu oprește ceasurile acestei partide.
bank-left = { $days ->
        [0] { $hours } h { $minutes } min
       *[other] { $days } z { $hours } h
    } rămase
banks-left = Rezerve: { $white } { $white_left }, { $black } { $black_left }.
import-start = Continuată dintr-un PGN după { $moves } mutări (inițial { $white } contra { $black }); fără rating.
pgn-and-fen = Dați fie un PGN, fie o poziție de start (fen:, position:), nu ambele.
pgn-empty = PGN-ul nu conține nicio partidă.
pgn-bad-tag = PGN linia { $line }: o etichetă este greșit scrisă ({ $detail }). Scrieți-o ca [Nume "valoare"].
pgn-bad-fen = PGN linia { $line }: eticheta FEN nu este o poziție legală ({ $detail }).
pgn-bad-variant = PGN linia { $line }: nu joc varianta `{ $given }`; se pot continua șahul standard și Chess960.
pgn-bad-move = PGN linia { $line }, mutarea { $number }: { $reason }
pgn-unexpected = PGN linia { $line }: `{ $token }` neașteptat în mutări.
pgn-unclosed-comment = PGN linia { $line }: un comentariu între acolade nu este închis.
pgn-unclosed-variation = PGN linia { $line }: o variantă deschisă cu ( nu este închisă.
pgn-too-large = PGN-ul este prea mare: cel mult { $max } KB.
pgn-too-long = PGN linia { $line }: partida are mai mult de { $max } semimutări.
pgn-several-games = PGN-ul conține { $count } partide: alegeți una cu game:1 până la game:{ $count }.
pgn-no-such-game = Nu există partida { $chosen } în PGN: conține { $count }.
pgn-move-after-end = PGN linia { $line }, mutarea { $number }: partida se terminase deja.
pgn-ended = PGN linia { $line }: această partidă s-a terminat deja ({ $result }); doar o partidă neterminată poate fi continuată.

community-not-moderator = Doar moderatorii comunității pot schimba zilele de vacanță, controlul implicit al timpului și regula depășirilor de timp.
bad-leave = Vacanța este de 30 sau 45 de zile pe an calendaristic, nu { $given }.
bad-timeouts = Regula depășirilor de timp este un procent de la 1 la 99 sau off, nu { $given }.
leave-set = Jucătorii de aici pot lua acum { $days } de zile de vacanță în fiecare an calendaristic (zilele nefolosite nu se reportează).
default-control-set = { $control ->
        [none] Provocările fără control al timpului au acum zile pe mutare.
       *[other] Provocările fără control al timpului folosesc acum controlul { $control }.
    }
timeouts-set = { $percent ->
        [0] Provocările cu rating nu mai sunt refuzate pentru depășiri de timp.
       *[other] Provocările cu rating sunt acum refuzate unui jucător care a depășit timpul în peste { $percent }% din ultimele { $games } partide terminate aici (de la { $min } partide).
    }
timeouts-refused = Ați depășit timpul în { $timeouts } din ultimele { $games } partide terminate aici, peste { $percent }% cât permite această comunitate pentru partidele cu rating: provocați cu rated:false sau terminați întâi câteva partide la timp.
community-settings-current = Această comunitate: { $leave } de zile de vacanță pe an calendaristic; control implicit: { $control ->
        [none] zile pe mutare
       *[other] { $control }
    }; regula depășirilor de timp: { $percent ->
        [0] oprită
       *[other] peste { $percent }%
    }.

## Leagues

league-none = Nu există nicio ligă potrivită aici. Creați una cu /chess league create name:"Cupa de iarnă".
league-none-numbered = Nu există liga { $id } în acest canal.
league-not-running = Liga { $id } ({ $name }) nu este în desfășurare.
league-bad-name = O ligă are nevoie de un nume: /chess league create name:"Cupa de iarnă".
league-created = { $by } a creat liga { $name } (liga { $id }): { $rounds ->
        [2] turneu în două tururi
       *[other] turneu fiecare cu fiecare
    }, { $days ->
        [one] { $days } zi
        [few] { $days } zile
       *[other] { $days } de zile
    } pe mutare, cel mult { $max } jucători. Intrați cu /chess league join.
league-starts-at = Începe singură la { $until } dacă s-au înscris cel puțin 3 jucători.
league-full = Liga { $name } este completă ({ $max ->
        [one] { $max } jucător
        [few] { $max } jucători
       *[other] { $max } de jucători
    }).
league-already-joined = Sunteți deja în liga { $name }.
league-joined = { $player } a intrat în liga { $name } (jucători: { $count }).
league-not-member = Nu jucați în liga { $name }.
league-left = { $player } a părăsit liga { $name }.
league-too-few = Liga { $name } are nevoie de cel puțin 3 jucători ca să înceapă; are { $count }.
league-start-postponed = Liga { $name } nu a început: are nevoie de cel puțin 3 jucători și are { $count }. Rămâne deschisă; creatorul sau un moderator o pornește cu /chess league start.
league-place-busy = Liga { $name } nu a putut începe: o altă partidă stă în cale.
league-no-place = Partida #{ $id } ({ $white } vs { $black }) nu are încă un loc: nu i-am putut deschide firul sau camera aici (pe Discord am nevoie de „Create Public Threads” și „Send Messages in Threads” în acest canal). Ceasul ei nu a pornit; reîncerc la fiecare 20 de minute.
league-creator-cap = Ai deja { $max } ligi deschise sau în desfășurare aici: termină sau anulează una înainte să creezi alta.
league-community-cap = Acest server are deja { $max } ligi deschise sau în desfășurare: una nouă poate fi creată când se termină una dintre ele.
league-not-in-direct = Ligile și turneele elvețiene se joacă în canalul unei comunități, nu într-un mesaj direct: creați-l într-un canal de server sau într-o cameră.
league-closed-unstarted = { $name } nu a început: ligile și turneele elvețiene deschise { $days } zile fără start se închid singure. Creați-l din nou când sunt destui jucători.
league-needs-channel = Ligile se joacă într-un canal de text sau de anunțuri: fiecare partidă primește acolo firul ei. Creează liga într-un astfel de canal.
league-needs-threads = Nu pot deschide fire aici: o ligă are nevoie ca eu să am permisiunile „Create Public Threads” și „Send Messages in Threads” în acest canal. Roagă un moderator să le acorde, apoi încearcă din nou.
league-started = Liga { $name } (liga { $id }) a început: { $n ->
        [one] { $n } jucător
        [few] { $n } jucători
       *[other] { $n } de jucători
    }, { $games ->
        [one] { $games } partidă
        [few] { $games } partide
       *[other] { $games } de partide
    }, toate deodată. Perechi:
league-pairing = Partida { $count }: { $white } (albele) - { $black } (negrele)
league-game-started = { $title } a început (`game:{ $id }`): { $white } (albele) - { $black } (negrele). La mutare: { $mover }, până la { $until }.
league-not-started = { $name } (liga { $id }) nu a început încă: nicio partidă, niciun clasament. { $count ->
        [one] { $count } jucător înscris
        [few] { $count } jucători înscriși
       *[other] { $count } de jucători înscriși
    }: { $players }.
league-standings-title = { $name } (liga { $id }): { $count } din { $games ->
        [one] { $games } partidă
        [few] { $games } partide
       *[other] { $games } de partide
    } încheiate.
league-standings-row = { $rank }. { $player }: { $points } { $one ->
        [yes] punct
       *[no] puncte
    } ({ $played } jucate, { $left } rămase; departajare { $tiebreak })
league-standings-picture-title = { $name }: clasament
league-standings-header = # | Jucător | Puncte | Jucate | Rămase | SB
league-standings-picture-final = { $name }: clasamentul final, câștigat de { $winners }
league-standings-note = SB: Sonneborn-Berger, primul criteriu de departajare (punctele adversarilor învinși și jumătate din ale celor cu remiză)
league-cancelled = { $by } a anulat liga { $name }. Partidele ei în curs se încheie fără rezultat.
league-withdrew-forfeit = { $player } s-a retras din liga { $name }. Partidele jucate rămân; celelalte sunt pierdute prin neprezentare.
league-withdrew-annulled = { $player } s-a retras din liga { $name } înainte de a juca jumătate din partide: toate partidele sale sunt scoase din clasament.
league-over = Liga { $name } s-a încheiat! Câștigător: { $winner }.
league-no-abort = O partidă de ligă nu poate fi anulată; cedați sau cereți creatorului ligii să o anuleze.
league-not-manager = Doar creatorul ligii ({ $creator }) sau un moderator poate face asta.
league-already-started = Liga { $name } a început deja (sau s-a încheiat).
league-game-opening = Start tematic: fiecare partidă a acestei ligi începe după { $opening }.
league-theme-opening = Fiecare partidă începe după { $opening }: { $moves }.
league-theme-fen = Fiecare partidă începe din această poziție{ $custom ->
    [1] {""} (o poziție proprie: partidele nu contează la rating)
   *[other] {""}
}: { $fen }
league-opening-unknown = Nicio linie de deschidere nu se numește „{ $query }”. Dați un cod ECO, de exemplu C60, sau un nume, de exemplu Ruy Lopez.
league-opening-ambiguous = „{ $query }” numește mai multe linii de deschidere; spuneți care: { $candidates }.
league-opening-and-fen = Alegeți un singur start: opening: sau fen:, nu amândouă.
league-opening-chess960 = Un eveniment Chess960 își trage singur pozițiile de start: opening: este pentru șahul standard (fen: fixează o poziție pentru toate partidele).

## Summary limit, rating farming, engine deadline, long texts
summary-limit = Ați cerut aici rezumate ({ $limit }) acum puțin timp. Întrebați din nou peste { $minutes ->
        [one] { $minutes } minut
        [few] { $minutes } minute
       *[other] { $minutes } de minute
    }.
rated-limit = Fără rating: { $white } și { $black } au jucat deja azi { $limit ->
        [one] { $limit } partidă cu rating
        [few] { $limit } partide cu rating
       *[other] { $limit } de partide cu rating
    } unul împotriva celuilalt (contează cel mult { $limit } pe zi).
engine-gave-up = Partida #{ $id } amânată: calculatorul nu și-a putut face mutarea timp de { $minutes ->
        [one] { $minutes } minut
        [few] { $minutes } minute
       *[other] { $minutes } de minute
    } (programul de șah nu este disponibil). Partida este anulată și nu contează pentru rating.
more-lines = …și încă { $n }

## Premove: mutări condiționate și note private

premove-added = Linie adăugată în partida #{ $id }. Mutările tale condiționate ({ $count ->
        [one] { $count } linie
        [few] { $count } linii
       *[other] { $count } de linii
    }), pe care doar tu le vezi:

premove-list = Mutările tale condiționate în partida #{ $id } ({ $count ->
        [one] { $count } linie
        [few] { $count } linii
       *[other] { $count } de linii
    }), pe care doar tu le vezi:

premove-none = Nu ai mutări condiționate în partida #{ $id }. Adaugă o linie cu `/chess premove line:"e5 Cf3"`: mutarea pe care o aștepți de la adversar, apoi răspunsul tău și așa mai departe.

premove-cleared = Mutările tale condiționate din partida #{ $id } au fost șterse.

premove-conflict = Refuzat: după { $path } o linie adăugată deja răspunde { $old }, iar aceasta răspunde { $new }. Un singur răspuns pe poziție: `/chess premove clear` ca să o iei de la capăt.

premove-own-turn = Ești la mutare în partida #{ $id }: joac-o cu `/chess move`. Mutările condiționate se adaugă cât timp adversarul e la mutare, începând cu mutarea pe care o aștepți de la el.

premove-computer = Calculatorul răspunde imediat: mutările condiționate sunt pentru partidele între doi jucători.

premove-bad-move = Mutarea { $n } din linie: { $detail }

premove-after-end = Mutarea { $n } din linie vine după ce partida s-ar fi încheiat.

premove-odd-line = O linie se termină cu răspunsul tău: adaugă mutarea pe care ai juca-o după { $input } sau scoate { $input }.

premove-empty = Care linie? Mutarea pe care o aștepți de la adversar, apoi răspunsul tău și așa mai departe: `/chess premove line:"e5 Cf3 Cc6 Nb5"`.

premove-too-many = Poți adăuga cel mult { $max ->
        [one] { $max } linie condiționată
        [few] { $max } linii condiționate
       *[other] { $max } de linii condiționate
    } într-o partidă. Nu s-a adăugat nimic.

premove-too-long = O linie condiționată are cel mult { $max ->
        [one] { $max } mutare
        [few] { $max } mutări
       *[other] { $max } de mutări
    }. Nu s-a adăugat nimic.

premove-game-over = Partida #{ $id } s-a încheiat.

premove-moved = { $by } a jucat { $number }{ $san } (mutare condiționată). La mutare: { $next }, termen { $until }.

premove-moved-final = { $by } a jucat { $number }{ $san } (mutare condiționată).

games-premove-lines = ({ $count ->
        [one] { $count } linie condiționată
        [few] { $count } linii condiționate
       *[other] { $count } de linii condiționate
    })

games-note = Nota ta: { $note }

note-saved = Nota ta privată pentru partida #{ $id } a fost salvată. Doar tu o vezi: în `/chess games`, în `/chess board private:true` și în copia ta a PGN-ului.

note-cleared = Nota ta pentru partida #{ $id } a fost ștearsă.

note-current = Nota ta privată pentru partida #{ $id }: { $note }

note-none = Nu ai nicio notă pentru partida #{ $id }. Scrie una cu `/chess note text:"..."`.

note-too-long = O notă are cel mult { $max ->
        [one] { $max } caracter
        [few] { $max } caractere
       *[other] { $max } de caractere
    }; aceasta are { $count }. Nu s-a salvat nimic.

note-own-copy = Copia ta a partidei #{ $id }, cu nota ta privată:

## Puzzles

puzzle-shown = Problema #{ $id } ({ $motif ->
        [mate] mat
        [material] câștig de material
       *[advantage] o mutare câștigătoare
    }): { $own ->
        [yes] o șansă pe care ați ratat-o în partida #{ $game }, { $white } - { $black }.
       *[no] din partida #{ $game }, { $white } - { $black }.
    } { $color ->
        [black] Negrul
       *[white] Albul
    } la mutare: găsiți cea mai bună mutare și răspundeți cu `/chess solve <mutare>`. Seria dumneavoastră: { $n }, rezolvate: { $count }.
puzzle-analysis-pending = Partida #{ $id } încă este analizată: problemele din ea vin când analiza se termină.
puzzle-none = Nu aveți încă nicio problemă: ele vin din partidele terminate și analizate ale acestei comunități.
puzzle-right = Corect: { $san }! Răspunsul este { $reply }. Găsiți mutarea următoare.
puzzle-solved = Problema #{ $id } rezolvată: { $line }. Seria dumneavoastră: { $n }, rezolvate: { $count }.
puzzle-wrong = { $san } nu este mutarea. Mai aveți o încercare.
puzzle-failed = Nici { $san } nu este. Soluția: { $line }. Seria începe din nou.
puzzle-not-yours = Problema #{ $id } nu este a dumneavoastră: cereți una cu `/chess puzzle`.
puzzle-finished = Ați terminat deja problema #{ $id }: cereți alta cu `/chess puzzle`.
puzzle-daily-on = Problema zilei va apărea aici la { $time } UTC, prima pe { $until }.
puzzle-daily-off = Nu mai apare problema zilei aici.
puzzle-daily-moderators = Doar moderatorii pot porni sau opri problema zilei.
puzzle-daily = Problema zilei #{ $id } ({ $motif ->
        [mate] mat
        [material] câștig de material
       *[advantage] o mutare câștigătoare
    }): { $color ->
        [black] Negrul
       *[white] Albul
    } la mutare. Răspundeți în privat cu `/chess solve <mutare>`.
puzzle-daily-first = Problema trecută a fost rezolvată prima dată de { $name }.
puzzle-daily-unsolved = Nimeni nu a rezolvat problema trecută.

## A channel's board orientation
channel-board-set = { $view ->
        [black] Tablele partidelor din acest canal arată acum negrul jos, pentru toți.
       *[white] Tablele partidelor din acest canal arată acum albul jos, pentru toți.
    }
channel-board-locked = Cât timp { $white } și { $black } joacă aici, doar ei (sau un moderator) pot întoarce tablele acestui canal. Vederea dumneavoastră pentru tablele trimise doar dumneavoastră: `settings board:` într-un mesaj direct.

## The summary card
card-how = { $termination ->
        [checkmate] prin șah mat
        [stalemate] prin pat
        [dead_position] prin poziție moartă
        [threefold_repetition] prin repetarea poziției de trei ori
        [fifty_moves] prin regula celor 50 de mutări
        [fivefold_repetition] prin repetarea poziției de cinci ori
        [seventyfive_moves] prin regula celor 75 de mutări
        [agreement] de comun acord
        [resignation] prin abandon
        [timeout] la timp
       *[other] { "" }
    }
card-accuracy = Precizie { $accuracy }%
card-duration = { $unit ->
        [minutes] în { $n ->
            [one] { $n } minut
            [few] { $n } minute
           *[other] { $n } de minute
        }
        [hours] în { $n ->
            [one] { $n } oră
            [few] { $n } ore
           *[other] { $n } de ore
        }
       *[days] în { $n ->
            [one] { $n } zi
            [few] { $n } zile
           *[other] { $n } de zile
        }
    }

## "did you mean"
unknown-command-suggest = Comandă necunoscută `{ $name }`: poate ați vrut `{ $suggestion }`? `/chess help` arată comenzile.

## The themes listed
bad-theme = Nu există tema `{ $value }`. Temele: { $themes }.

## Aborted games
game-aborted = Partida #{ $id } a fost anulată înainte ca ambele părți să mute: fără rezultat, fără rating.

## Chess960 leagues
league-chess960 = Toate partidele acestei ligi sunt Chess960, cu ratingul Chess960: fiecare pereche joacă propria poziție de start, trasă la sorți{ $rounds ->
        [2] , aceeași în ambele partide, cu culorile inversate.
       *[other] .
    }

## A symbol per kind of announcement
announce-move = ♟
announce-win = ✅
announce-draw = ½
announce-reminder = ⏰

## The Discord commands; see en/chessbot.ftl.

cmd-chess =
    .description = Șah prin corespondență: provocați pe cineva, apoi jucați câte o mutare

cmd-chess-challenge =
    .description = Provocați pe cineva (sau pe oricine) la o partidă în acest canal
    .option-opponent-description = Adversarul; lăsați gol pentru o provocare deschisă
    .option-color-description = Culoarea dumneavoastră (implicit la sorți)
    .option-days-description = Zile pe mutare, de la 1 la 14 (implicit 3)
    .option-rules-description = house: repetiția și 50 de mutări închid partida; fide: remiza se cere
    .option-fen-description = Începeți din această poziție (FEN) în locul celei obișnuite
    .option-rated-description = Partidă cu rating (implicit da; niciodată cu FEN)
    .option-variant-description = standard sau chess960 (șah Fischer); implicit standard
    .option-position-description = Poziția de start Chess960, de la 0 la 959 (implicit la întâmplare)
    .option-bank-description = Rezervă de timp în zile, 1 la 60, în loc de zile pe mutare
    .option-increment-description = Zile adăugate rezervei la fiecare mutare, 0 la 10 (cu bank)
    .option-control-description = O presetare: daily, iccf (rezervă de 50 de zile, 1 pe mutare) sau blitz-days
    .option-pgn-description = Un fișier PGN: partida continuă din ultima sa poziție (fără rating)
    .option-game-description = Care partidă dintr-un fișier PGN cu mai multe

cmd-chess-computer =
    .description = Jucați aici cu calculatorul (Stockfish), imediat; fără rating
    .option-level-description = Nivelul: 1 cel mai slab, 8 forța maximă (implicit 3)
    .option-color-description = Culoarea dumneavoastră (implicit la sorți)
    .option-days-description = Zilele dumneavoastră pe mutare, de la 1 la 14 (implicit 3)
    .option-fen-description = Începeți din această poziție (FEN) în locul celei obișnuite
    .option-variant-description = standard sau chess960 (șah Fischer); implicit standard
    .option-position-description = Poziția de start Chess960, de la 0 la 959 (implicit la întâmplare)

cmd-chess-accept =
    .description = Acceptați provocarea din acest canal

cmd-chess-decline =
    .description = Refuzați provocarea din acest canal

cmd-chess-cancel =
    .description = Retrageți-vă provocarea din acest canal

cmd-chess-move =
    .description = Mutați (Cf3, e4, O-O sau g1f3)
    .option-move-description = Mutarea, de exemplu e4, Cf3, exd5, O-O, e8=D sau g1f3

cmd-chess-board =
    .description = Arată tabla partidei din acest canal
    .option-flip-description = Tabla întoarsă (de obicei ca setarea canalului: albul jos)
    .option-private-description = Doar pentru dumneavoastră, cu nota dumneavoastră privată
    .option-text-description = Poziția în cuvinte: fiecare piesă, ultima mutare, ceasurile
    .option-square-description = Un câmp, de exemplu e4: ce se află acolo, ce piese îl atacă
    .option-piece-description = Un tip de piesă (C sau cal): unde stau acele piese

cmd-chess-draw =
    .description = Propuneți remiză sau acceptați propunerea adversarului
    .option-claim-description = Cereți remiză: repetare de trei ori sau 50 de mutări (reguli FIDE)
    .option-move-description = Mutarea care produce repetarea sau a 50-a mutare (opțional)

cmd-chess-resign =
    .description = Abandonați partida din acest canal

cmd-chess-abort =
    .description = Anulați partida fără rezultat, înainte ca ambele părți să fi mutat

cmd-chess-takeback =
    .description = Cereți retragerea ultimei mutări (adversarul confirmă)

cmd-chess-rematch =
    .description = Revanșă cu adversarul ultimei partide de aici, culorile inversate

cmd-chess-pgn =
    .description = Partida în format PGN (implicit cea de aici sau ultima încheiată)
    .option-game-description = Numărul partidei (din /chess games sau /chess history)

cmd-chess-summary =
    .description = Rezumatul unei partide încheiate (implicit ultima de aici)
    .option-game-description = Numărul partidei (din /chess history)

cmd-chess-games =
    .description = Partidele tale în curs, în toate canalele (doar tu vezi lista)

cmd-chess-history =
    .description = Partidele încheiate (ale dumneavoastră sau ale altcuiva)
    .option-user-description = Ale cui partide (implicit ale dumneavoastră)

cmd-chess-stats =
    .description = Ratingul și rezultatele unui jucător; cu vs, scorul direct
    .option-user-description = Statisticile cui (implicit ale dumneavoastră)
    .option-vs-description = Adversarul pentru scorul direct
    .option-variant-description = Ratingurile: standard (implicit) sau chess960

cmd-chess-leaderboard =
    .description = Cei mai buni jucători ai serverului după rating
    .option-variant-description = Ratingurile: standard (implicit) sau chess960

cmd-chess-help =
    .description = Cum se joacă

cmd-chess-settings =
    .description = Limba canalului, vederea și tema tablelor dumneavoastră: arată sau schimbă
    .option-language-description = Limba: en, th, ru sau ro (gol pentru a vedea limba actuală)
    .option-board-description = Ce parte este jos pe tablele dumneavoastră
    .option-theme-description = Culorile tablelor dumneavoastră
    .option-notify-description = Unde primiți anunțurile că sunteți la mutare și mementourile
    .option-pagename-description = Numele dumneavoastră pe paginile pentru spectatori: arătat sau ascuns
    .option-pages-description = Moderatori: paginile pentru spectatori ale comunității, pornite sau oprite
    .option-leave-description = Moderatori: zile de vacanță pe an calendaristic aici, 30 sau 45
    .option-control-description = Moderatori: controlul implicit (daily, iccf, blitz-days, off)
    .option-timeouts-description = Moderatori: refuză provocări cu rating peste acest % de depășiri (0: nu)
    .option-images-description = Tablele și notificările tale private: imagini (on) sau cuvinte (off)
    .option-tablebase-description = Moderatori: tabelele de final (off, claim, auto)
    .option-digest-description = Un rezumat privat pe zi la această oră (0-23) sau off
    .option-tz-description = Fusul dumneavoastră orar pentru rezumat, ca decalaj față de UTC (+2, -5, +5:30)

cmd-chess-vacation =
    .description = Opriți-vă ceasurile în toate partidele pentru câteva zile
    .option-days-description = Zile de vacanță (0 o încheie; gol arată câte au rămas)

cmd-chess-moretime =
    .description = Dați adversarului aflat la mutare încă o zi

cmd-chess-league =
    .description = Ligi fiecare cu fiecare în acest canal

cmd-chess-league-create =
    .description = Creați o ligă în acest canal
    .option-name-description = Numele ligii
    .option-days-description = Zile pe mutare, de la 1 la 14 (implicit 3)
    .option-rounds-description = Ligă: 1 sau 2 cicluri. Elvețian: 3 până la 11 runde (implicit după număr)
    .option-max-description = Cel mult: 3-16 jucători într-o ligă, 4-200 într-un turneu elvețian
    .option-rated-description = Partide cu rating (implicit da)
    .option-rules-description = house sau fide
    .option-starts-description = Începe singură la ora (UTC): 2026-12-24 18:00
    .option-chess960-description = Toate partidele în șah Fischer (Chess960)
    .option-format-description = round_robin (implicit) sau swiss (împerecheri olandeze FIDE, rundă cu rundă)
    .option-bank-description = Fiecare partidă cu o rezervă de atâtea zile, de la 1 la 60
    .option-increment-description = Zile adăugate rezervei la fiecare mutare, de la 0 la 10 (cu bank)
    .option-control-description = Un control pentru toate partidele: daily, iccf sau blitz-days
    .option-opening-description = Fiecare partidă începe după această deschidere: cod ECO sau nume (Ruy Lopez)
    .option-fen-description = Fiecare partidă începe din această poziție (FEN; fără rating)
    .option-tiebreaks-description = Ordinea departajărilor la elvețian: bh1,bh,sb,de,wins (implicit)

cmd-chess-league-join =
    .description = Intrați în liga deschisă a acestui canal
    .option-league-description = Numărul ligii (implicit liga acestui canal)

cmd-chess-league-leave =
    .description = Părăsiți liga înainte de început
    .option-league-description = Numărul ligii (implicit liga acestui canal)

cmd-chess-league-start =
    .description = Porniți liga: toate partidele deodată (creatorul sau un moderator)
    .option-league-description = Numărul ligii (implicit liga acestui canal)

cmd-chess-league-standings =
    .description = Clasamentul ligii: text și imagine
    .option-league-description = Numărul ligii (implicit liga acestui canal)

cmd-chess-league-cancel =
    .description = Anulați liga; partidele în curs se încheie fără rezultat
    .option-league-description = Numărul ligii (implicit liga acestui canal)

cmd-chess-league-withdraw =
    .description = Retrageți-vă dintr-o ligă în curs (vedeți regulile)
    .option-league-description = Numărul ligii (implicit liga acestui canal)

cmd-chess-league-export =
    .description = Raportul de turneu al unui turneu elvețian (FIDE TRF), ca fișier.
    .option-league-description = Numărul ligii (implicit liga acestui canal)
    .option-format-description = trf (singurul format)

cmd-chess-premove =
    .description = Mutări condiționate și nota ta privată (doar tu le vezi)

cmd-chess-premove-line =
    .description = Adaugă o linie: mutarea așteptată a adversarului, răspunsul tău etc.
    .option-line-description = Mutări separate prin spații, de ex. e5 Cf3 Cc6 Nb5
    .option-game-description = Numărul partidei (implicit partida din acest canal)

cmd-chess-premove-list =
    .description = Arată mutările tale condiționate
    .option-game-description = Numărul partidei (implicit partida din acest canal)

cmd-chess-premove-clear =
    .description = Șterge toate mutările tale condiționate din partidă
    .option-game-description = Numărul partidei (implicit partida din acest canal)

cmd-chess-premove-note =
    .description = Nota ta privată la partidă: scrie, arată (fără text) sau șterge
    .option-text-description = Textul notei (cel mult 2000 de caractere); gol o arată
    .option-clear-description = Șterge nota
    .option-game-description = Numărul partidei (implicit partida din acest canal)

cmd-chess-puzzle =
    .description = Probleme din propriile partide

cmd-chess-puzzle-next =
    .description = O problemă pentru voi, întâi din partidele voastre (privat)

cmd-chess-puzzle-solve =
    .description = Răspundeți la problema voastră (Cf3 sau g1f3)
    .option-move-description = Mutarea, de exemplu Cf3, Dxf7+ sau g1f3
    .option-puzzle-description = Numărul problemei (implicit cea curentă)

cmd-chess-puzzle-daily =
    .description = O problemă pe zi în acest canal (moderatorii)
    .option-on-description = Porniți sau opriți
    .option-hour-description = Ora postării în UTC (0-23, implicit 18)

cmd-stats-menu = Statistici de șah

cmd-choice-color-white = albele
cmd-choice-color-black = negrele
cmd-choice-color-random = la sorți
cmd-choice-rules-house = regulile casei
cmd-choice-rules-fide = FIDE
cmd-choice-variant-standard = standard
cmd-choice-variant-chess960 = Chess960 (Fischer)
cmd-choice-notify-dm = mesaj direct
cmd-choice-notify-channel = canalul partidei
cmd-choice-notify-off = oprite
cmd-choice-pagename-shown = arătat
cmd-choice-pagename-hidden = ascuns
cmd-choice-pages-on = pornite
cmd-choice-pages-off = oprite
cmd-choice-pages-new = nouă

# Turnee elvețiene (împerecheri după sistemul olandez FIDE)
swiss-created = { $by } a creat turneul elvețian { $name } (liga { $id }): { $rounds ->
        [0] numărul de runde se stabilește la start
       *[other] { $rounds } runde
    }, { $days ->
        [one] { $days } zi
       *[other] { $days } zile
    } pe mutare, cel mult { $max } jucători. Înscrie-te cu /chess league join.
swiss-too-few = { $name } are nevoie de cel puțin 4 jucători pentru a începe; are { $count }.
swiss-started = { $name } (liga { $id }) a început: { $n } jucători, { $rounds } runde, împerecheri după sistemul olandez FIDE.
swiss-round = { $name }, runda { $round } din { $rounds }:
swiss-pairing = Masa { $board }: { $white } (albele) - { $black } (negrele)
swiss-bye = Liber (un punct): { $player }
swiss-late-joined = { $player } s-a înscris târziu în { $name }: { $missed ->
        [one] { $missed } rundă pierdută
       *[other] { $missed } runde pierdute
    } fără puncte; este împerecheat din runda următoare.
swiss-too-late = { $name } și-a împerecheat ultima rundă: nu se mai primesc înscrieri.
swiss-withdrew = { $player } s-a retras din { $name }: rezultatele rămân, partida în curs este pierdută și nu mai este împerecheat.
swiss-no-pairing = { $name } se încheie înainte de runda { $round }: nicio împerechere nu respectă regulile (fără revanșe, culori).
swiss-standings-row = { $rank }. { $player }: { $points } { $one ->
        [yes] punct
       *[no] puncte
    } ({ $tiebreaks })
swiss-standings-header = # | Jucător | Puncte
swiss-export = Raportul de turneu al { $name } (liga { $id }), FIDE TRF.
swiss-export-only = { $name } nu este un turneu elvețian: doar un turneu elvețian are raport de turneu.
swiss-tiebreak = { $code ->
    [bh1] Buchholz Cut-1
    [bh] Buchholz
    [sb] SB
    [de] întâlnire directă
   *[wins] victorii
}
swiss-tiebreak-legend = { $code ->
    [bh1] BH-C1: Buchholz Cut-1
    [bh] BH: Buchholz
    [sb] SB: Sonneborn-Berger
    [de] ÎD: întâlnire directă
   *[wins] V: victorii
}
swiss-tiebreak-short = { $code ->
    [bh1] BH-C1
    [bh] BH
    [sb] SB
    [de] ÎD
   *[wins] V
}
swiss-tiebreak-order = Departajări în această ordine: { $order }.
swiss-tiebreak-unknown = „{ $name }” nu este o departajare. Folosiți bh1 (Buchholz Cut-1), bh (Buchholz), sb (Sonneborn-Berger), de (întâlnire directă) sau wins, separate prin virgule.
swiss-tiebreaks-swiss-only = Doar un turneu elvețian primește o ordine a departajărilor: o ligă fiecare cu fiecare clasează după Sonneborn-Berger, întâlnire directă și victorii.
cmd-choice-format-round_robin = fiecare cu fiecare
cmd-choice-format-swiss = elvețian
cmd-choice-format-trf = trf

## Joc pe echipe (șah prin vot)
team-challenge-posted = Echipa { $challenger } provoacă echipa { $opponent } la o partidă prin vot. Oricine din { $opponent } acceptă acolo cu /team accept.
team-challenge-received = Echipa { $challenger } provoacă acest canal ({ $opponent }) la o partidă prin vot. Oricine de aici acceptă cu /team accept; apoi fiecare /chess move de aici este un vot pentru mutarea acestui canal.
team-vote = Votul tău: { $san } (voturi până acum: { $voted }; votul se închide la termen, când au votat toți membrii numiți sau când îl închide un moderator).
team-vote-closed = { $team }: votul s-a încheiat, se joacă { $san }. Voturi: { $tally }.
team-summary-voters = Votanții { $team } (alegeri jucate din voturi): { $list }.
team-voter = { $name } { $played } din { $voted }
team-vote-closed-motion = { $team }: votul s-a încheiat, majoritatea a ales { $motion }. Voturi: { $tally }.
team-motion-vote = Votul tău: { $motion } ({ $support } din { $voters } votanți până acum; e nevoie de mai mult de jumătate).
team-motion-not-now = O echipă votează remiza sau abandonul la rândul ei; la rândul celeilalte părți poate cere doar anularea ultimei sale mutări (takeback).
team-motion-draw = remiză
team-motion-resign = abandon
team-motion-takeback = anularea mutării
team-votes = Voturile echipei { $team } pentru această mutare: { $tally } (au votat { $voted } din { $members }).
team-votes-none = Echipa { $team } nu are încă voturi pentru această mutare.
team-votes-waiting = { $team } așteaptă mutarea celeilalte părți: niciun vot nu este deschis.
team-other-side = Votezi pentru { $team } în partida { $id }: o persoană votează pentru o singură parte a unei partide.
team-not-for-teams = O echipă joacă prin vot: reclamațiile și timpul suplimentar nu sunt pentru echipe (o echipă care nu votează pierde la timp).
team-moderators-only = Doar moderatorii acestui canal pot face asta.
team-limit = Această comunitate are deja partide și provocări pe echipe în curs (cel mult { $max }): încheiați una mai întâi.
team-not-in-direct = Jocul pe echipe are loc între canalele comunităților, nu într-un mesaj direct: începeți-l într-un canal de server sau într-o cameră.
team-channel-elsewhere = Acel canal este altă comunitate: echipele a două comunități se întâlnesc prin cod. Trimiteți `team challenge` fără `channel:`, iar un moderator de acolo acceptă cu codul.
team-member-of-other-side = { $name } joacă deja pentru cealaltă parte a partidei { $id } (a votat acolo sau acea echipă l-a numit): o persoană este numită doar pentru o parte a unei partide.
team-members-only-on = Doar acești membri numiți votează pentru { $team } (`team members only:off` lasă pe toți de aici să voteze).
team-members-only-refused = Doar membrii numiți ai { $team } votează pentru ea: un moderator vă poate numi cu `team members add`.
team-own-channel = Un canal nu se poate provoca singur: numește alt canal.
team-code-posted = Echipa { $team } provoacă o altă comunitate la un joc prin vot. Cod: { $code } (o singură folosire, valabil { $days } zile). Un moderator de acolo rulează /team accept code:{ $code } în canalul care va juca.
team-code-unavailable = Nu s-a putut face un cod acum: încearcă din nou.
team-code-moderators = Doar un moderator al acestui canal acceptă cu codul provocarea altei comunități.
team-code-unknown = Nicio provocare de echipă nu are acest cod: poate e greșit, folosit deja sau expirat (codurile țin 7 zile).
team-code-other-platform = Codul a fost făcut pe altă platformă de chat: un joc de echipă se joacă între două locuri de pe aceeași platformă.
team-no-game = Nicio partidă pe echipe nu se joacă în acest canal.
team-no-challenge = Nicio provocare pe echipe nu așteaptă acest canal.
team-members = Membrii numiți ai echipei { $team }: { $list }.
team-members-none = { $team } nu are membri numiți: oricine de aici poate vota, iar fiecare vot se încheie la termen.
team-busy = { $team } este ocupat: acolo se joacă deja o partidă sau așteaptă o provocare.
team-nothing-to-close = Nu este niciun vot de încheiat: nimeni nu a votat încă pentru această mutare.
match-none = Niciun meci pe echipe nu implică acest canal.
match-busy = Acest canal participă deja la un meci pe echipe: încheiați-l mai întâi.
match-limit = Această comunitate participă deja la { $max } meciuri pe echipe: încheiați unul mai întâi.
match-created = Echipa { $team } provoacă altă comunitate la meciul { $id }: { $boards } table, { $days } zile pe mutare. Cod: { $code } (o singură folosire, valabil { $valid } zile). Un moderator de acolo rulează /team match accept code:{ $code } în canalul care va fi partea lor.
match-code-unknown = Niciun meci pe echipe nu are acest cod: poate fi greșit scris, deja folosit sau expirat (codurile durează 7 zile).
match-accepted = Meciul { $id }: { $creating } contra { $accepting }, până la { $boards } table. Jucătorii se înscriu în canalul părții lor cu /team match join; apoi un moderator îl pornește cu /team match start.
match-other-side = V-ați înscris deja pentru { $team }: un jucător joacă pentru o singură parte a unui meci.
match-already-joined = Sunteți deja înscris la acest meci.
match-joined = { $name } joacă pentru { $team } ({ $count } înscriși).
match-not-member = Nu sunteți înscris pentru această parte a meciului.
match-left = { $name } nu mai joacă pentru { $team }.
match-not-accepted = Cealaltă comunitate nu a acceptat încă acest meci: jucătorii se înscriu după ce o face.
match-already-started = Meciul { $id } a început deja (sau s-a încheiat).
match-too-few = Fiecare parte are nevoie de cel puțin un jucător înscris (/team match join) înainte de start.
match-started = Începe meciul { $id }: { $creating } contra { $accepting } pe { $boards } table, împerecheați după rating. Fiecare jucător primește un loc propriu pentru fiecare partidă.
match-pairing = Tabla { $board }, partida { $round }: { $white } (albe) contra { $black }
match-game-started = Tabla { $board }, partida { $round } din meciul { $id }: { $white } (albe) contra { $black }. Albul mută până la { $deadline }.
match-no-place = Locurile partidei { $game } din meci ({ $white } contra { $black }) nu au putut fi deschise; așteaptă fără ceas și se reîncearcă.
match-board = Tabla { $board }
match-board-round = Tabla { $board }, partida { $round }
match-no-result = fără rezultat
match-playing = în joc
match-standings-title = Meciul { $id }: { $creating } { $creating_points } – { $accepting_points } { $accepting } ({ $done } din { $games } partide încheiate)
match-standings-row = { $board }: { $players }, { $state }
match-standings-header = Tabla | Albe – Negre | Rezultat | | |
match-over = Meciul { $id } s-a încheiat: câștigă { $winner }, { $creating_points } – { $accepting_points }.
match-over-tie = Meciul { $id } s-a încheiat: egalitate, { $creating_points } – { $accepting_points }.
match-signups = Înscrieri la meciul { $id }: { $creating }: { $creating_players }; { $accepting }: { $accepting_players }.
match-no-abort = O partidă dintr-un meci pe echipe nu poate fi anulată; abandonați în schimb.

## The /team command on Discord
cmd-team =
    .description = Joc pe echipe: canalul joacă pe echipe, membrii votează mutările.

cmd-team-challenge =
    .description = Provoacă echipa altui canal, motorul sau (fără ele) alt server printr-un cod.
    .option-channel-description = Canalul a cărui echipă o provoci (acest server)
    .option-level-description = Sau joacă cu motorul: nivel de la 1 (cel mai slab) la 8
    .option-days-description = Zile pe mutare, de la 1 la 14 (implicit 2)
    .option-color-description = Culoarea acestei echipe (implicit: la întâmplare)
    .option-rules-description = house (implicit) sau fide

cmd-team-accept =
    .description = Acceptă provocarea pe echipe a acestui canal sau a altui server, după cod.
    .option-code-description = Codul provocării pe echipe a altui server (moderatori)

cmd-team-votes =
    .description = Voturile votului în curs al acestui canal.

cmd-team-close =
    .description = Încheie acum votul în curs al acestui canal (moderatori).

cmd-team-members =
    .description = Membrii numiți ai echipei; moderatorii adaugă sau scot unul.
    .option-add-description = Numește acest membru (moderatori)
    .option-remove-description = Scoate acest membru din listă (moderatori)
    .option-only-description = Doar membrii numiți votează pentru echipă (moderatori)

cmd-team-match =
    .description = Un meci între acest server și altul: fiecare tablă e o partidă între doi jucători.

cmd-team-match-create =
    .description = Creați un meci cu alt server (moderatori): răspunsul e un cod.
    .option-boards-description = Table, de la 1 la 32 (mai puține dacă o parte înscrie mai puțini jucători)
    .option-days-description = Zile pe mutare, de la 1 la 14 (implicit 2)
    .option-rounds-description = 2 pentru a juca fiecare tablă de două ori, cu culorile schimbate (implicit 1)

cmd-team-match-accept =
    .description = Acceptați meciul altui server după cod; acest canal e partea voastră (moderatori).
    .option-code-description = Codul primit la crearea meciului celuilalt server

cmd-team-match-join =
    .description = Înscrieți-vă să jucați pentru partea acestui canal în meci.

cmd-team-match-leave =
    .description = Părăsiți partea acestui canal înainte de începerea meciului.

cmd-team-match-start =
    .description = Porniți meciul: table împerecheate după rating, toate partidele deodată (moderatori).

cmd-team-match-standings =
    .description = Înscrierile meciului sau clasamentul lui, ca tabel și imagine.

## Endgame tables (tablebase claims and adjudication)

tablebase-rule-set = { $rule ->
        [off] Tabele de final: oprite. Partidele de aici se termină ca de obicei.
        [claim] Tabele de final: la mutarea ta, `claim` într-o poziție pe care tabelele o conțin termină partida cu verdictul lor (câștig, altfel remiză; un câștig „blestemat” e remiză după regula celor 50 de mutări). Ambii jucători pot consulta tabelele.
       *[auto] Tabele de final: o mutare într-o poziție pe care tabelele o conțin termină imediat partida cu rezultatul lor. Ambii jucători pot consulta tabelele.
    }
tablebase-rule-current = Tabele de final: { $rule ->
        [claim] la cerere
       *[auto] adjudecare automată
    }.
tablebase-none = Botul nu are tabele de final (proprietarul setează CHESSBOT_SYZYGY_PATH): regula poate fi doar oprită.
tablebase-bad-rule = Regulă de tabele necunoscută „{ $given }”: off, claim sau auto.
tablebase-claim-lost = După tabelele de final, { $player } pierde această poziție: cererea e refuzată și partida continuă.
tablebase-claim-lost-move = După { $san }, tabelele de final spun că { $player } pierde: cererea e refuzată, mutarea nu se joacă și partida continuă.
tablebase-unavailable = Tabelele de final nu pot judeca poziția ({ $error }): partida continuă.
tablebase-not-in-tables = Tabelele de final conțin poziții de cel mult { $max } piese fără drept de rocadă: încă nimic de cerut.

## Șah în cuvinte: poziția ca text (textul alternativ al fiecărei imagini,
## `board text:`, `board square:`, `board piece:`, `settings images:`)

words-piece = { $one ->
    [yes] { $role ->
        [king] Rege
        [queen] Damă
        [rook] Turn
        [bishop] Nebun
        [knight] Cal
       *[pawn] Pion
    }
   *[no] { $role ->
        [king] Regi
        [queen] Dame
        [rook] Turnuri
        [bishop] Nebuni
        [knight] Cai
       *[pawn] Pioni
    }
}

words-side = { $color ->
    [white] Albele
   *[black] Negrele
}: { $pieces }.

words-to-move = La mutare: { $color ->
    [white] albele
   *[black] negrele
}{ $check ->
    [yes] , în șah.
   *[no] .
}

words-result = { $case ->
    [mate] Șah mat: câștigă { $color ->
        [white] albele
       *[black] negrele
    }.
    [win] Câștigă { $color ->
        [white] albele
       *[black] negrele
    }.
    [stalemate] Pat: remiză.
   *[draw] Remiză.
}

words-last-move = Ultima mutare: { $color ->
    [white] albele
   *[black] negrele
} { $san }, { $words }.

words-move = { $kind ->
    [castle-king] rocadă mică
    [castle-queen] rocadă mare
    [en-passant] { $piece } de pe { $from } pe { $to }, ia pionul en passant
   *[normal] { $piece } de pe { $from } pe { $to }{ $capture ->
        [pawn] , ia pionul
        [knight] , ia calul
        [bishop] , ia nebunul
        [rook] , ia turnul
        [queen] , ia dama
       *[none] {""}
    }{ $promotion ->
        [knight] , devine cal
        [bishop] , devine nebun
        [rook] , devine turn
        [queen] , devine damă
       *[none] {""}
    }
}

words-players = { $white } (albele) contra { $black } (negrele).

words-square = { $square }: { $piece } { $color ->
    [white] alb
   *[black] negru
}.

words-square-empty = { $square }: liber.

words-attackers = Atacat de { $color ->
    [white] albe
   *[black] negre
}: { $pieces }.

words-none = niciuna

words-piece-places = { $piece }: albe { $white }; negre { $black }.

words-time-left = { $name } mai are { $left } pentru mutare.

words-banks = Ceasuri: albele { $white }, negrele { $black }.

words-draw-offer = { $name } oferă remiză.

words-unknown-piece = `{ $given }` nu este o piesă: scrieți R, D, T, N, C sau P, ori un nume, de exemplu cal.

words-bad-square = `{ $given }` nu este un câmp: scrieți o coloană a-h și un rând 1-8, de exemplu e4.

words-card = Fișa partidei: { $white } (albele) contra { $black } (negrele), { $result }. Poziția finală:
words-animation = Animația partidei { $white } (albele) contra { $black } (negrele), mutare cu mutare până la rezultatul { $result }.
words-images-off = Tablele tale private, mesajele directe și notificările vin acum în cuvinte, nu ca imagini. `/chess settings images:on` aduce înapoi imaginile.
words-images-on = Tablele tale private, mesajele directe și notificările vin din nou ca imagini (fiecare cu descrierea ei în cuvinte).

## The first hour, round 2, and the correspondence desk

help-example = Exemplu: { $example }
option-out-of-range = `{ $value }` e în afara valorilor pentru `{ $name }`: folosiți { $range }.
option-choices = `{ $value }` nu e o valoare validă pentru `{ $name }`: folosiți una din { $choices }.
one-move-at-a-time = O mutare pe rând: `/chess move { $first }`. Ca să răspundeți dinainte la mutările așteptate ale adversarului, folosiți `/chess premove line:"..."`.
time-means-days = Nu există opțiunea `time:`: timpul la corespondență este `days:1-14` (zile pe mutare), o bancă cu `bank:` și `increment:` (în zile) sau `control:daily|iccf|blitz-days`.
name-in-quotes = Un nume cu spații se scrie între ghilimele: `/chess { $command } name:"{ $name }"`.
league-actions = `/chess league` are nevoie de o acțiune: create, join, leave, start, standings, cancel, withdraw sau export. Exemplu: `/chess league create name:"Winter Cup"`; `/chess help league` arată opțiunile.
console-no-slash = Comenzile încep cu `/chess` (sau `!chess`, `/team`): `{ $line }`.
desk-game-line = partida { $id } în { $where } ({ $white } – { $black }), sunteți la mutare până la { $until }
desk-next-game = Următoarea partidă vă așteaptă: { $game }.
desk-next-button = Mergeți la partida #{ $id }
desk-digest-on = Rezumatul zilnic vine la { $hour } { $zone } (următorul: { $next }): partidele în care sunteți la mutare, în locul unui anunț la fiecare mutare. Mementourile dinaintea termenului vin în continuare. `/chess notify digest:off` îl oprește.
desk-digest-off = Rezumatul zilnic e oprit: anunțurile că sunteți la mutare vin din nou cum spune `/chess notify where:`.
desk-digest-none = Nu aveți rezumat zilnic. `/chess notify digest:8` vi-l trimite în fiecare zi la 8:00 (adăugați `tz:+2` pentru fusul dumneavoastră orar).
desk-digest-heading = { $count ->
    [one] O partidă vă așteaptă mutarea:
    [few] { $count } partide vă așteaptă mutarea:
   *[other] { $count } de partide vă așteaptă mutarea:
}
import-start-unnamed = Continuată dintr-un PGN după { $moves } mutări; fără rating.
import-challenge = Această provocare continuă o partidă dintr-un PGN: jocul se reia la mutarea { $number }, la mutare { $side ->
        [white] Albul
       *[black] Negrul
    } (fără rating).

## Player links: a player's own playable page of their game

play-link = Tabla dumneavoastră (doar pentru dumneavoastră; se joacă până la sfârșitul partidei): { $url }
play-stale = Partida a mers mai departe de când pagina a arătat-o: priviți din nou tabla.
play-confirm-resign = Apăsați încă o dată pe abandon pentru a confirma.
play-no-chat = Mutările din pagină nu pot ajunge acum în chat: folosiți comanda din chat.
play-game-over = Această partidă s-a terminat.
play-button = Joacă pe tablă

## Player pages on Discord and Matrix: the board button's refusal, direct rooms

play-button-players-only = Doar jucătorii acestei partide primesc o tablă de joc, cât timp partida continuă.
matrix-direct-room-no-pages = O cameră directă nu are pagini pentru spectatori.
